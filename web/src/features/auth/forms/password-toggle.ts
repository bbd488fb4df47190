import { useTranslation } from 'react-i18next';

/** PasswordInput's visibility toggle, named in the current language (Mantine's own name is English). */
export function usePasswordToggleProps() {
  const { t } = useTranslation();
  return { visibilityToggleButtonProps: { 'aria-label': t('auth.users.fields.togglePassword') } };
}
