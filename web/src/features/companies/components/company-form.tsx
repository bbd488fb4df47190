import type { companies } from '@extranet/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { fieldError, requiredText } from '../../../shared/forms';
import { FormError } from '../../../shared/ui/form-error';

/** The contract's CompanyFields with the form's messages. */
const CompanyFormSchema = z.object({
  code: requiredText({ max: 50 }),
  name: requiredText({ max: 200 }),
});

/**
 * A company's code and name: the add page's form and the company page's details. Saving says
 * nothing by itself; the caller decides where to go after it.
 */
export function CompanyForm({
  company,
  submitLabel,
  onSubmit,
  error,
  busy,
  onCancel,
}: {
  company?: companies.CompanyFields;
  submitLabel: string;
  onSubmit: (fields: companies.CompanyFields) => Promise<unknown>;
  error: unknown;
  busy: boolean;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const { register, handleSubmit, formState, reset } = useForm<companies.CompanyFields>({
    defaultValues: { code: company?.code ?? '', name: company?.name ?? '' },
    resolver: zodResolver(CompanyFormSchema),
    mode: 'onSubmit',
  });
  const submit = handleSubmit(async (fields) => {
    if (busy) return;
    try {
      await onSubmit(fields);
      reset(fields);
    } catch {
      // The error is shown above the fields.
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" maw={560}>
        <FormError error={error} />
        <TextInput
          label={t('companies.fields.code')}
          description={t('companies.fields.codeHint')}
          withAsterisk
          maxLength={50}
          error={fieldError(t, formState.errors.code)}
          {...register('code')}
        />
        <TextInput
          label={t('companies.fields.name')}
          withAsterisk
          maxLength={200}
          error={fieldError(t, formState.errors.name)}
          {...register('name')}
        />
        <Group gap="sm">
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t('common.cancel')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
