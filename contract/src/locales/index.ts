import en from './en.json';
import lv from './lv.json';
import ru from './ru.json';

/**
 * The product's words in every language it speaks: the web app's interface, and what the server
 * writes for people (file exports, email summaries). One set, so the two never disagree.
 */
export const LOCALES = { en, ru, lv } as const;
export type LocaleMessages = typeof en;
