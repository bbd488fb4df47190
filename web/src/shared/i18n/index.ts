import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '@extranet/contract';
import en from '@extranet/contract/locales/en.json';
import dayjs from 'dayjs';
import i18n from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next, useTranslation } from 'react-i18next';
import { readStoredLanguage, storeLanguage } from './language';

// Each other language's words are a chunk of their own, fetched when the language is first shown:
// a screen in English never downloads Russian and Latvian. English, the fallback every page needs,
// comes with the entry: one round trip less before the first screen.
const MESSAGES: Record<Language, () => Promise<{ default: object }>> = {
  en: async () => ({ default: en }),
  ru: () => import('@extranet/contract/locales/ru.json'),
  lv: () => import('@extranet/contract/locales/lv.json'),
};
// dayjs ships English; the others' month and weekday names come with them.
const DAYJS_LOCALES: Partial<Record<Language, () => Promise<unknown>>> = {
  ru: () => import('dayjs/locale/ru'),
  lv: () => import('dayjs/locale/lv'),
};

async function loadMessages(language: string): Promise<object> {
  const lang = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  const [messages] = await Promise.all([MESSAGES[lang](), DAYJS_LOCALES[lang]?.()]);
  return messages.default;
}

function applyLanguage(language: string): void {
  document.documentElement.lang = language;
  dayjs.locale(language);
}

i18n.on('languageChanged', applyLanguage);

/** Settles once the words of the stored language are loaded: the app renders after it. */
export const i18nReady: Promise<unknown> = i18n
  .use(resourcesToBackend((language: string) => loadMessages(language)))
  .use(initReactI18next)
  .init({
    lng: readStoredLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    load: 'currentOnly',
    interpolation: { escapeValue: false },
    returnNull: false,
  });

const numberFormats = new Map<string, Intl.NumberFormat>();

// `{{count, number}}` in a message: one Intl.NumberFormat a language. i18next's own formatter keys
// its cache by the call's options written out as JSON on every call, which was most of the time a
// list's labels took to translate ("Columns: 5 of 9 shown", "1–50 of 1,234").
i18n.services.formatter?.add('number', (value: number, lng: string | undefined) => {
  const language = lng ?? DEFAULT_LANGUAGE;
  let format = numberFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language);
    numberFormats.set(language, format);
  }
  return format.format(value);
});

export { i18n };

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

export async function changeLanguage(language: Language): Promise<void> {
  storeLanguage(language);
  await i18n.changeLanguage(language);
}

/** The current language as a supported code; re-renders when it changes. */
export function useLanguage(): Language {
  const { i18n: instance } = useTranslation();
  return isLanguage(instance.language) ? instance.language : DEFAULT_LANGUAGE;
}
