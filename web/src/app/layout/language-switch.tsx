import { LANGUAGES } from '@extranet/contract';
import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { changeLanguage, useLanguage } from '../../shared/i18n';

/** The language choice on pages without the user menu (login, password change, not found). */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <SegmentedControl
      size="xs"
      aria-label={t('layout.userMenu.language')}
      value={language}
      onChange={(value) => {
        const next = LANGUAGES.find((code) => code === value);
        if (next) void changeLanguage(next);
      }}
      data={LANGUAGES.map((code) => ({
        value: code,
        label: <span title={t(`layout.languages.${code}`)}>{code.toUpperCase()}</span>,
      }))}
    />
  );
}
