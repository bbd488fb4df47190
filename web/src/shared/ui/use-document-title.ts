import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The browser tab's title in the current language: the given parts, most specific first, then the
 * product name ('PO-2026-00179 · Purchase orders · Partner Extranet'). When the screen goes, the
 * tab keeps the product name alone until the next screen names itself.
 */
export function useDocumentTitle(parts: ReadonlyArray<string | null | undefined>): void {
  const { t } = useTranslation();
  const product = t('common.appName');
  const title = [...parts.filter(Boolean), product].join(' · ');

  useEffect(() => {
    document.title = title;
    return () => {
      document.title = product;
    };
  }, [title, product]);
}
