import { PERMISSIONS, webhooks } from '@extranet/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { Controller, type FieldError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useLinkedCompanies } from '../../../shared/catalogs/linked-companies';
import { fieldError, MESSAGES, requiredText } from '../../../shared/forms';
import { useSession } from '../../../shared/session';
import { CheckboxGroupField } from '../../../shared/ui/checkbox-group-field';
import { FormError } from '../../../shared/ui/form-error';
import { useAddEndpoint, useEditEndpoint } from '../api/change-endpoint';
import { EndpointSecretShown } from './secret-shown';

/** The contract's endpoint fields with the form's own messages. */
const EndpointForm = z.object({
  company: z.string().min(1, { message: MESSAGES.required }),
  url: requiredText({ max: 2000 }).pipe(z.url({ protocol: /^https?$/, message: MESSAGES.url })),
  events: z.array(z.enum(webhooks.WEBHOOK_EVENT_TYPES)).min(1, { message: MESSAGES.required }),
});
type EndpointForm = z.infer<typeof EndpointForm>;

export interface EditedEndpoint {
  endpoint_id: number;
  company_id: number;
  url: string;
  events: webhooks.WebhookEventType[];
}

/**
 * A new endpoint (then its secret, shown once), or an existing one's URL and events. The server
 * checks the URL (https, or http to a host the operator allows) and says why it refuses one. Only
 * event types whose data the user may read can be chosen (contract permittedEventTypes): a new
 * endpoint starts with all of them.
 */
export function EndpointDialog({
  opened,
  endpoint,
  onClose,
}: {
  opened: boolean;
  /** The endpoint to edit; a new one when null. */
  endpoint: EditedEndpoint | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const add = useAddEndpoint();
  const edit = useEditEndpoint();
  const mutation = endpoint ? edit : add;
  const close = () => {
    // The secret leaves memory with the dialog.
    add.reset();
    edit.reset();
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={
        add.data ? t('webhooks.secret.title') : endpoint ? t('webhooks.edit.title') : t('webhooks.add.title')
      }
      closeButtonProps={{ 'aria-label': t('common.close') }}
      closeOnClickOutside={!add.data}
      size="lg"
    >
      {add.data ? (
        <EndpointSecretShown secret={add.data.secret} onDone={close} />
      ) : (
        <EndpointFields
          endpoint={endpoint}
          busy={mutation.isPending}
          error={mutation.error}
          onCancel={close}
          onSubmit={async (form) => {
            if (endpoint) {
              await edit.mutateAsync({
                endpoint_id: endpoint.endpoint_id,
                url: form.url,
                events: form.events,
              });
              close();
            } else {
              await add.mutateAsync({ company_id: Number(form.company), url: form.url, events: form.events });
            }
          }}
        />
      )}
    </Modal>
  );
}

function EndpointFields({
  endpoint,
  busy,
  error,
  onCancel,
  onSubmit,
}: {
  endpoint: EditedEndpoint | null;
  busy: boolean;
  error: unknown;
  onCancel: () => void;
  onSubmit: (form: EndpointForm) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const companies = useLinkedCompanies();
  const permitted = webhooks.permittedEventTypes(PERMISSIONS.filter((permission) => session[permission]));
  const soleCompany = companies.isChoice ? '' : (companies.options[0]?.value ?? '');
  const { control, register, handleSubmit, formState } = useForm<EndpointForm>({
    values: {
      company: endpoint ? String(endpoint.company_id) : soleCompany,
      url: endpoint?.url ?? '',
      events: endpoint?.events ?? permitted,
    },
    resetOptions: { keepDirtyValues: true },
    resolver: zodResolver(EndpointForm),
    mode: 'onSubmit',
  });

  const submit = handleSubmit(async (form) => {
    if (busy) return;
    try {
      await onSubmit(form);
    } catch {
      // Shown above the fields.
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <FormError error={error} />
        {!endpoint && companies.isChoice && (
          <Controller
            control={control}
            name="company"
            render={({ field }) => (
              <Select
                label={t('webhooks.fields.company')}
                withAsterisk
                searchable
                data={companies.options}
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? '')}
                error={fieldError(t, formState.errors.company)}
              />
            )}
          />
        )}
        <TextInput
          label={t('webhooks.fields.url')}
          description={t('webhooks.fields.urlHint')}
          placeholder="https://erp.example.com/webhooks"
          withAsterisk
          maxLength={2000}
          data-autofocus
          error={fieldError(t, formState.errors.url)}
          {...register('url')}
        />
        <Controller
          control={control}
          name="events"
          render={({ field }) => (
            <CheckboxGroupField
              label={t('webhooks.fields.events')}
              withAsterisk
              column
              hint={t('webhooks.fields.ownerHint')}
              options={webhooks.WEBHOOK_EVENT_TYPES.map((type) => ({
                value: type,
                label: t(`webhooks.events.${type.replace('.', '_')}`),
                description: `${type} · ${t(`webhooks.eventNeeds.${webhooks.WEBHOOK_EVENT_SOURCES[type]}`)}`,
                // One chosen before its rights were checked stays, to be unticked.
                disabled: !permitted.includes(type) && !field.value.includes(type),
              }))}
              value={field.value}
              onChange={field.onChange}
              error={fieldError(
                t,
                formState.errors.events?.root ?? (formState.errors.events as FieldError | undefined),
              )}
            />
          )}
        />
        <Group gap="sm" justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={busy} disabled={!companies.isLoaded}>
            {endpoint ? t('webhooks.edit.submit') : t('webhooks.add.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
