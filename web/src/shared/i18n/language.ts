import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@extranet/contract';

export const LANGUAGE_STORAGE_KEY = 'lang';

/** The stored choice, or en when there is none or it is not a supported language. */
export function readStoredLanguage(): Language {
  try {
    const value = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export function storeLanguage(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage may be unavailable; the choice then lasts for this page only.
  }
}
