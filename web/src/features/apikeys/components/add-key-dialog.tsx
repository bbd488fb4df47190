import { apikeys, ROLE_ADMIN } from '@extranet/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Checkbox, Group, Modal, MultiSelect, Select, Stack, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import dayjs from 'dayjs';
import { Controller, type FieldError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { formatIsoDate } from '../../../shared/catalogs/format';
import { useLinkedCompanies } from '../../../shared/catalogs/linked-companies';
import { fieldError, MESSAGES, requiredText } from '../../../shared/forms';
import { useSession } from '../../../shared/session';
import { CheckboxGroupField } from '../../../shared/ui/checkbox-group-field';
import { FormError } from '../../../shared/ui/form-error';
import { SecretShown } from '../../../shared/ui/secret-shown';
import { useAddKey } from '../api/add-key';

/** Expiry choices offered first, in days from today; "date" picks any day up to a year. */
const EXPIRY_PRESETS = ['30', '90', '180', '365'] as const;
type ExpiryChoice = (typeof EXPIRY_PRESETS)[number] | 'date';

const inDays = (today: string, days: number) => dayjs(today).add(days, 'day').format('YYYY-MM-DD');

/** The contract's AddKeyRequest with the form's own messages; the expiry is chosen in two fields. */
const AddKeyForm = z
  .object({
    name: requiredText({ max: 100 }),
    permissions: z.array(z.enum(apikeys.KEY_PERMISSIONS)),
    personal: z.boolean(),
    companies: z.array(z.string()).min(1, { message: MESSAGES.required }),
    expiry: z.enum([...EXPIRY_PRESETS, 'date']),
    date: z.string().nullable(),
  })
  .refine((form) => form.expiry !== 'date' || !!form.date, { path: ['date'], message: MESSAGES.required });
type AddKeyForm = z.infer<typeof AddKeyForm>;

/**
 * A new API key: its name, permissions (of the user's own, never user management), whether it may
 * read the maker's own discussions, files and inbox (the `personal` scope, off unless ticked),
 * companies and expiry. Once made, the dialog shows the secret this one time, to copy, and nothing keeps it.
 */
export function AddKeyDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const add = useAddKey();
  const close = () => {
    // The secret leaves memory with the dialog.
    add.reset();
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={add.data ? t('apikeys.secret.title') : t('apikeys.add.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      closeOnClickOutside={!add.data}
      size="lg"
    >
      {add.data ? (
        <SecretShown
          secret={add.data.secret}
          warning={t('apikeys.secret.once')}
          usage={t('apikeys.secret.usage')}
          copyLabel={t('apikeys.secret.copy')}
          testId="api-key-secret"
          onDone={close}
        />
      ) : (
        <KeyForm
          busy={add.isPending}
          error={add.error}
          onCancel={close}
          onSubmit={(request) => add.mutateAsync(request)}
        />
      )}
    </Modal>
  );
}

function KeyForm({
  busy,
  error,
  onCancel,
  onSubmit,
}: {
  busy: boolean;
  error: unknown;
  onCancel: () => void;
  onSubmit: (request: apikeys.AddKeyRequest) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const companies = useLinkedCompanies();
  const isAdmin = session.role === ROLE_ADMIN;
  const today = apikeys.utcToday();
  const latest = apikeys.latestKeyExpiry(today);
  const held = apikeys.KEY_PERMISSIONS.filter((permission) => session[permission]);

  const { control, register, handleSubmit, formState, watch } = useForm<AddKeyForm>({
    values: {
      name: '',
      permissions: [],
      personal: false,
      // A key works for every company of its maker unless narrowed; role 99 picks them.
      companies: isAdmin ? [] : companies.options.map((option) => option.value),
      expiry: '90',
      date: null,
    },
    resetOptions: { keepDirtyValues: true },
    resolver: zodResolver(AddKeyForm),
    mode: 'onSubmit',
  });
  const expiry = watch('expiry');

  const submit = handleSubmit(async (form) => {
    if (busy) return;
    const expires = form.expiry === 'date' ? (form.date as string) : inDays(today, Number(form.expiry));
    try {
      await onSubmit({
        name: form.name,
        permissions: form.permissions,
        scopes: form.personal ? ['personal'] : [],
        companies: form.companies.map(Number),
        expires: expires > latest ? latest : expires,
      });
    } catch {
      // Shown above the fields.
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <FormError error={error} />
        <TextInput
          label={t('apikeys.fields.name')}
          description={t('apikeys.fields.nameHint')}
          withAsterisk
          maxLength={100}
          data-autofocus
          error={fieldError(t, formState.errors.name)}
          {...register('name')}
        />
        <Controller
          control={control}
          name="permissions"
          render={({ field }) => (
            <CheckboxGroupField
              label={t('apikeys.fields.permissions')}
              description={t('apikeys.fields.permissionsHint')}
              options={held.map((permission) => ({
                value: permission,
                label: t(`auth.permissions.${permission}`),
              }))}
              value={field.value}
              onChange={field.onChange}
            />
          )}
        />
        <Checkbox
          label={t('apikeys.fields.personal')}
          description={t('apikeys.fields.personalHint')}
          data-testid="api-key-personal"
          {...register('personal')}
        />
        {companies.isChoice && (
          <Controller
            control={control}
            name="companies"
            render={({ field }) => (
              <MultiSelect
                label={t('apikeys.fields.companies')}
                description={t('apikeys.fields.companiesHint')}
                withAsterisk
                searchable
                data={companies.options}
                value={field.value}
                onChange={field.onChange}
                error={fieldError(
                  t,
                  formState.errors.companies?.root ?? (formState.errors.companies as FieldError | undefined),
                )}
              />
            )}
          />
        )}
        <Controller
          control={control}
          name="expiry"
          render={({ field }) => (
            <Select
              label={t('apikeys.fields.expires')}
              description={t('apikeys.fields.expiresHint')}
              allowDeselect={false}
              data={[
                ...EXPIRY_PRESETS.map((days) => ({
                  value: days,
                  label: t('apikeys.expiry.inDays', {
                    count: Number(days),
                    date: formatIsoDate(
                      inDays(today, Number(days)) > latest ? latest : inDays(today, Number(days)),
                    ),
                  }),
                })),
                { value: 'date', label: t('apikeys.expiry.date') },
              ]}
              value={field.value}
              onChange={(value) => field.onChange((value ?? '90') as ExpiryChoice)}
            />
          )}
        />
        {expiry === 'date' && (
          <Controller
            control={control}
            name="date"
            render={({ field }) => (
              <DatePickerInput
                label={t('apikeys.fields.expiryDate')}
                withAsterisk
                valueFormat="DD.MM.YYYY"
                placeholder={t('common.datePlaceholder')}
                minDate={today}
                maxDate={latest}
                value={field.value}
                onChange={(value) => field.onChange(value)}
                error={fieldError(t, formState.errors.date)}
              />
            )}
          />
        )}
        <Group gap="sm" justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={busy} disabled={!companies.isLoaded}>
            {t('apikeys.add.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
