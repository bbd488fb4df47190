import { isLanguage, type Language } from '@extranet/contract';
import { LOCALES } from '@extranet/contract/locales';

/**
 * The server's words for people (list exports, email summaries), from the same locale files as
 * the web app and read the way its i18next reads them: `{{name}}` and `{{name, number}}`
 * placeholders, and for a `count` the language's plural form (`key_one`, `key_few`, `key_many`,
 * `key_other`; `key_zero` first when the count is zero).
 */
export type TranslateParams = Record<string, string | number>;

function lookup(messages: unknown, key: string): string | undefined {
  const text = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);
  return typeof text === 'string' ? text : undefined;
}

function find(language: Language, key: string, count: number | undefined): string | undefined {
  const messages = LOCALES[language];
  if (count === undefined) return lookup(messages, key);
  const form = new Intl.PluralRules(language).select(count);
  return (
    (count === 0 ? lookup(messages, `${key}_zero`) : undefined) ??
    lookup(messages, `${key}_${form}`) ??
    lookup(messages, key)
  );
}

/**
 * The language the reader's screen shows (the web app sends it as Accept-Language), else the one
 * of their profile.
 */
export function readerLanguage(acceptLanguage: string | undefined, profileLang: string): Language {
  const asked = acceptLanguage?.split(',')[0]?.split(';')[0]?.trim().slice(0, 2);
  if (asked && isLanguage(asked)) return asked;
  return writingLanguage(profileLang);
}

/** A language the server writes in: the given one when supported, else English. */
export function writingLanguage(lang: string | null | undefined): Language {
  return lang && isLanguage(lang) ? lang : 'en';
}

/**
 * The text of a locale key in the language, English when the language lacks it, the key itself
 * when no language has it. Numbers among the params are written the language's way.
 */
export function translate(lang: string, key: string, params: TranslateParams = {}): string {
  const language = writingLanguage(lang);
  const count = typeof params.count === 'number' ? params.count : undefined;
  const text = find(language, key, count) ?? find('en', key, count);
  if (text === undefined) return key;
  const numbers = new Intl.NumberFormat(language);
  // Any number is written the language's way, whether or not its placeholder says `, number`.
  return text.replace(/{{\s*(\w+)\s*(?:,\s*number\s*)?}}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return typeof value === 'number' ? numbers.format(value) : value;
  });
}

/** A time in an email, written the language's way, in UTC: the server does not know the reader's zone. */
export function formatMailTime(lang: string, date: Date): string {
  return new Intl.DateTimeFormat(lang, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(date);
}
