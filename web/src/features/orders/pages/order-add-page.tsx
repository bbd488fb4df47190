import { orders } from '@extranet/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Checkbox, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { fieldError, MESSAGES, useFormDraft } from '../../../shared/forms';
import { DraftNote } from '../../../shared/ui/draft-note';
import { FormError } from '../../../shared/ui/form-error';
import { notifyError, notifySuccess } from '../../../shared/ui/notify';
import { PageTitle } from '../../../shared/ui/page-title';
import { positiveInt } from '../../../shared/ui/paged-table';
import { RemoteSelect } from '../../../shared/ui/remote-select';
import { useAddOrder } from '../api/add-order';
import { useAddOrderDefaults } from '../api/get-add-order-defaults';
import type { OrderKind } from '../api/keys';
import { consigneeSource, purchTemplateSource, salesTemplateSource } from '../api/sources';
import { useViewOrder } from '../api/view-order';
import { orderCode } from '../components/format';
import { orderPaths } from '../components/paths';
import { RequireOrderPermission } from '../components/require-order-permission';

/** The add form: the contract's fields, with the consignee required (SPEC.md §5 'Add order'). */
const AddOrderForm = orders.AddOrderFields.extend({
  consignee_id: z
    .number()
    .nullable()
    .refine((value) => value !== null, { message: MESSAGES.required }),
  external_code: z.string().trim().max(orders.ORDER_TEXT_LIMITS.externalCode, { message: MESSAGES.tooLong }),
  template_id: z.number().nullable(),
  is_template: z.boolean(),
});
type AddOrderValues = z.input<typeof AddOrderForm>;

export function OrderAddPage({ kind }: { kind: OrderKind }) {
  return (
    <RequireOrderPermission kind={kind}>
      <AddOrder kind={kind} />
    </RequireOrderPermission>
  );
}

/** The notice of a copy: which order the new one copies, with a link to it. */
function CopyNotice({ kind, fromOrderId }: { kind: OrderKind; fromOrderId: number }) {
  const { t } = useTranslation();
  const source = useViewOrder(kind, fromOrderId);
  const code = source.data ? orderCode(source.data) : `#${fromOrderId}`;
  return (
    <Alert color="blue" variant="light" icon={<IconCopy aria-hidden />} data-testid="copy-notice">
      <Text size="sm">
        {t('orders.add.copyNotice', { code })}{' '}
        <Anchor
          component={Link}
          to={orderPaths.view(kind, fromOrderId)}
          inherit
          c="inherit"
          fw={600}
          underline="always"
        >
          {t('orders.add.copyOpen')}
        </Anchor>
      </Text>
    </Alert>
  );
}

function AddOrder({ kind }: { kind: OrderKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const fromOrderId = positiveInt(params.get('fromOrderId'));
  const fromConsigneeId = positiveInt(params.get('fromConsigneeId'));
  const copying = fromOrderId !== null;
  const defaults = useAddOrderDefaults(kind);
  const add = useAddOrder(kind);

  const form = useForm<AddOrderValues>({
    resolver: zodResolver(AddOrderForm),
    defaultValues: {
      consignee_id: fromConsigneeId,
      external_code: '',
      template_id: fromOrderId,
      is_template: false,
    },
  });
  const { control, register, handleSubmit, setValue, getValues, resetField, watch, formState } = form;
  // What is typed survives a reload or a new sign-in until the order is created (a copy starts
  // from its source order each time: nothing of it is worth keeping).
  const draft = useFormDraft(form, copying ? null : `order-add:${kind}`);

  // The user's only consignee is chosen for them, unless the form copies an order.
  const defaultConsignee = defaults.data?.consignee_id ?? null;
  useEffect(() => {
    if (!copying && defaultConsignee !== null && getValues('consignee_id') === null) {
      // As the form's starting value, not as typing: it is no unsaved change worth a draft.
      resetField('consignee_id', { defaultValue: defaultConsignee });
    }
  }, [copying, defaultConsignee, getValues, resetField]);

  const consigneeId = watch('consignee_id');

  const onSubmit = handleSubmit(
    (values) => {
      if (add.isPending) return;
      add.mutate(
        {
          consignee_id: values.consignee_id as number,
          external_code: values.external_code || null,
          template_id: values.template_id,
          is_template: values.is_template,
        },
        {
          onSuccess: ({ head_id }) => {
            draft.clear();
            notifySuccess(t('orders.add.created'));
            navigate(orderPaths.edit(kind, head_id));
          },
        },
      );
    },
    () => notifyError(t('validation.formHasErrors')),
  );

  return (
    <Stack gap="md" maw={640}>
      <PageTitle title={t(`orders.add.title.${kind}`)} section={t(`orders.list.title.${kind}`)} />
      {copying && fromOrderId !== null && <CopyNotice kind={kind} fromOrderId={fromOrderId} />}
      <DraftNote draft={draft} />
      <Paper withBorder p="lg" radius="md">
        <form onSubmit={onSubmit} noValidate aria-label={t(`orders.add.title.${kind}`)}>
          <Stack gap="md">
            <FormError error={add.error} />
            <Controller
              control={control}
              name="consignee_id"
              render={({ field, fieldState }) => (
                <RemoteSelect
                  source={consigneeSource}
                  label={t('orders.fields.consignee')}
                  withAsterisk
                  value={field.value ?? null}
                  onChange={(value) => {
                    field.onChange(value);
                    // Templates are the chosen consignee's: another consignee drops the choice.
                    if (!copying) setValue('template_id', null);
                  }}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  error={fieldError(t, fieldState.error)}
                  disabled={copying}
                />
              )}
            />
            <TextInput
              label={t('orders.fields.externalCode')}
              error={fieldError(t, formState.errors.external_code)}
              {...register('external_code')}
            />
            {!copying && (
              <Controller
                control={control}
                name="template_id"
                render={({ field }) => {
                  const props = {
                    filters: { consignee_id: consigneeId ?? undefined, is_template: true },
                    enabled: consigneeId !== null,
                    label: t('orders.add.template'),
                    placeholder: consigneeId === null ? t('orders.add.chooseConsigneeFirst') : undefined,
                    description: t('orders.add.templateHint'),
                    value: field.value ?? null,
                    onChange: (value: number | null) => field.onChange(value),
                    clearable: true,
                  };
                  return kind === 'purch' ? (
                    <RemoteSelect source={purchTemplateSource} {...props} />
                  ) : (
                    <RemoteSelect source={salesTemplateSource} {...props} />
                  );
                }}
              />
            )}
            <Controller
              control={control}
              name="is_template"
              render={({ field }) => (
                <Checkbox
                  label={t('orders.add.isTemplate')}
                  checked={field.value}
                  onChange={(event) => field.onChange(event.currentTarget.checked)}
                />
              )}
            />
            {copying && (
              <Text size="sm" c="dimmed">
                {t('orders.add.copyHint')}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" component={Link} to={orderPaths.list(kind)}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={add.isPending}>
                {t('orders.add.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
