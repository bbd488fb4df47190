import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/error-message';

/** The server's refusal, shown above the form or screen that caused it (SPEC.md §8 'Behaviour'). */
export function FormError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle aria-hidden />}
      role="alert"
      data-testid="form-error"
    >
      {errorMessage(t, error)}
    </Alert>
  );
}
