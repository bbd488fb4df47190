import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../../shared/ui/notify';

/** Reports the form's dirty state to the page and gives the toasts of SPEC.md §5 and §8. */
export function useProfileFormState(isDirty: boolean, onDirtyChange: (isDirty: boolean) => void) {
  const { t } = useTranslation();
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);
  return {
    notifySaved: () => notifySuccess(t('auth.users.edit.saved')),
    notifyInvalid: () => notifyError(t('validation.formHasErrors')),
  };
}
