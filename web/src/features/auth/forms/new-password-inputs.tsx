import type { PasswordContext } from '@extranet/contract';
import { PasswordInput } from '@mantine/core';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldError } from '../../../shared/forms';
import { NEW_PASSWORD_WRAPPER_ORDER, PasswordPolicyNote } from './password-policy-note';
import { usePasswordToggleProps } from './password-toggle';

/**
 * A new password and its confirmation: the policy shown under the first before anything is
 * typed and checked as it is typed (`context` holds the names it must not contain).
 */
export function NewPasswordInputs({
  labels,
  password,
  context,
  field,
  confirmField,
  error,
  confirmError,
}: {
  labels: { password: string; confirm: string };
  /** What is typed in the first input, as the form watches it. */
  password: string;
  context: PasswordContext;
  field: UseFormRegisterReturn;
  confirmField: UseFormRegisterReturn;
  error: FieldError | undefined;
  confirmError: FieldError | undefined;
}) {
  const { t } = useTranslation();
  const toggle = usePasswordToggleProps();
  return (
    <>
      <PasswordInput
        {...toggle}
        label={labels.password}
        autoComplete="new-password"
        withAsterisk
        aria-required
        description={<PasswordPolicyNote password={password} context={context} />}
        inputWrapperOrder={NEW_PASSWORD_WRAPPER_ORDER}
        error={fieldError(t, error)}
        {...field}
      />
      <PasswordInput
        {...toggle}
        label={labels.confirm}
        autoComplete="new-password"
        withAsterisk
        aria-required
        error={fieldError(t, confirmError)}
        {...confirmField}
      />
    </>
  );
}
