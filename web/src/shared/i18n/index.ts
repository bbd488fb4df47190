import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '@extranet/contract';
import dayjs from 'dayjs';
import 'dayjs/locale/lv';
import 'dayjs/locale/ru';
import { LOCALES } from '@extranet/contract/locales';
import i18n from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { readStoredLanguage, storeLanguage } from './language';

export const resources = {
  en: { translation: LOCALES.en },
  ru: { translation: LOCALES.ru },
  lv: { translation: LOCALES.lv },
} as const;

function applyLanguage(language: string): void {
  document.documentElement.lang = language;
  dayjs.locale(language);
}

i18n.on('languageChanged', applyLanguage);

void i18n.use(initReactI18next).init({
  resources,
  lng: readStoredLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
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
