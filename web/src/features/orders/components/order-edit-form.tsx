import { lineSum, orderTotal } from '@extranet/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useEffect, useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fieldError, useFormDraft } from '../../../shared/forms';
import { failureReason } from '../../../shared/messages/failure-reason';
import { DraftNote } from '../../../shared/ui/draft-note';
import { LocaleNumberInput } from '../../../shared/ui/number-field';
import { RemoteSelect } from '../../../shared/ui/remote-select';
import { findSoleAddress } from '../api/find-sole-address';
import type { OrderKind, OrderView } from '../api/keys';
import { useCountedUoms } from '../api/list-counted-uoms';
import { useCurrencyCodes } from '../api/list-currency-codes';
import { addressSource, currencySource, customerSource, locationSource, vendorSource } from '../api/sources';
import { toAmount } from './amount-inputs';
import { DateField } from './date-field';
import { formatMoney } from './format';
import { liveProblems } from './live-problems';
import { formValuesOf, type OrderFormValues, orderFormSchema } from './order-form-values';
import { OrderLinesEditor } from './order-lines-editor';
import { OrderProblems } from './order-problems';
import { orderPaths } from './paths';

interface OrderEditFormProps {
  kind: OrderKind;
  order: OrderView;
  defaultUomId: number | null;
  saving: boolean;
  /** `saved` forgets the form's draft: to call once the values are stored. */
  onSubmit: (values: OrderFormValues, saved: () => void) => void;
  onInvalid: () => void;
}

/**
 * The header fields and lines of a purchase or sales order (SPEC.md §2 'Edit purchase order',
 * 'Edit sales order'). Address pickers wait for the vendor or customer and pick its only address
 * by themselves; a vendor or customer with a default currency fills the currency in.
 */
export function OrderEditForm({
  kind,
  order,
  defaultUomId,
  saving,
  onSubmit,
  onInvalid,
}: OrderEditFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const sales = kind === 'sales';
  const counted = useCountedUoms();
  const resolver = useMemo(() => zodResolver(orderFormSchema(counted)), [counted]);
  const form = useForm<OrderFormValues>({
    resolver,
    defaultValues: formValuesOf(kind, order),
  });
  const { control, register, handleSubmit, setValue, getValues, watch, formState } = form;
  // Kept in the tab until saved or discarded: a reload or a new sign-in loses nothing typed.
  const draft = useFormDraft(form, `order:${kind}:${order.head_id}`);
  const partyId = watch('party_id');
  const owner = partyId === null ? undefined : sales ? { customer_id: partyId } : { vendor_id: partyId };

  const onPartyChange = async (value: number | null, defaultCurrencyId: number | null | undefined) => {
    setValue('party_id', value, { shouldDirty: true });
    setValue('address_id', null, { shouldDirty: true });
    if (sales) setValue('delivery_address_id', null, { shouldDirty: true });
    if (value === null) return;
    if (defaultCurrencyId) setValue('currency_id', defaultCurrencyId, { shouldDirty: true });
    await fillSoleAddress(value);
  };

  /** The party's only address into the empty address pickers. */
  const fillSoleAddress = async (party: number) => {
    const sole = await findSoleAddress(queryClient, sales ? { customer_id: party } : { vendor_id: party });
    // The user may have picked something else meanwhile: only an empty picker is filled.
    if (sole === null || getValues('party_id') !== party) return;
    if (getValues('address_id') === null) setValue('address_id', sole, { shouldDirty: true });
    if (sales && getValues('delivery_address_id') === null) {
      setValue('delivery_address_id', sole, { shouldDirty: true });
    }
  };

  // An order that came with its party but no address (copied, imported, made through the API)
  // gets the party's only address as well, as a pick in the form would.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the order as loaded.
  useEffect(() => {
    const party = getValues('party_id');
    if (party !== null) void fillSoleAddress(party);
  }, []);

  const addressPicker = (name: 'address_id' | 'delivery_address_id', label: string, required = false) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <RemoteSelect
          source={addressSource}
          filters={owner ?? {}}
          enabled={owner !== undefined}
          label={label}
          withAsterisk={required && !order.is_template}
          placeholder={
            owner ? undefined : t(sales ? 'orders.edit.chooseCustomer' : 'orders.edit.chooseVendor')
          }
          value={field.value}
          onChange={(value) => field.onChange(value)}
          clearable
        />
      )}
    />
  );

  const today = dayjs().format('YYYY-MM-DD');

  const values = watch();
  const problems = liveProblems(kind, order, values);
  const currencyCodes = useCurrencyCodes();
  // The total as it will be once saved: the kept lines' quantity x price, exact (contract decimals).
  const total = orderTotal(
    values.lines
      .filter((line) => !line.deleted)
      .map((line) => lineSum(toAmount(line.ordered_qty), toAmount(line.price))),
  );
  const currency = values.currency_id === null ? null : (currencyCodes.get(values.currency_id) ?? null);
  // A draft the warehouse refused before (set back to draft): why, where it is being fixed.
  const refusal = order.progress === 'draft' ? failureReason(t, order) : null;

  return (
    <form
      onSubmit={handleSubmit((values) => onSubmit(values, draft.clear), onInvalid)}
      noValidate
      aria-label={t(`orders.edit.form.${kind}`)}
    >
      <Stack gap="lg">
        <DraftNote draft={draft} />
        {refusal && (
          <Alert
            color="orange"
            variant="light"
            icon={<IconX aria-hidden />}
            title={t('orders.view.refusedBefore')}
            styles={{ title: { color: 'var(--mantine-color-dark-7)' } }}
            data-testid="edit-refusal"
          >
            {refusal}
          </Alert>
        )}
        <Paper withBorder p="lg" radius="md">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            <Controller
              control={control}
              name="party_id"
              render={({ field }) =>
                sales ? (
                  <RemoteSelect
                    source={customerSource}
                    filters={{ consignee_id: order.consignee_id, for_order: true }}
                    label={t('orders.fields.customer')}
                    withAsterisk={!order.is_template}
                    value={field.value}
                    onChange={(value, item) => void onPartyChange(value, item?.default_currency_id)}
                    clearable
                  />
                ) : (
                  <RemoteSelect
                    source={vendorSource}
                    filters={{ consignee_id: order.consignee_id, for_order: true }}
                    label={t('orders.fields.vendor')}
                    withAsterisk={!order.is_template}
                    value={field.value}
                    onChange={(value, item) => void onPartyChange(value, item?.default_currency_id)}
                    clearable
                  />
                )
              }
            />
            {addressPicker(
              'address_id',
              t(sales ? 'orders.fields.customerAddress' : 'orders.fields.vendorAddress'),
              true,
            )}
            <TextInput
              label={t(sales ? 'orders.fields.customerReference' : 'orders.fields.vendorReference')}
              error={fieldError(t, formState.errors.reference)}
              {...register('reference')}
            />
            {sales && addressPicker('delivery_address_id', t('orders.fields.deliveryAddress'))}
            {sales && (
              <TextInput
                label={t('orders.fields.deliveryName')}
                error={fieldError(t, formState.errors.delivery_name)}
                {...register('delivery_name')}
              />
            )}
            <Controller
              control={control}
              name="delivery_date"
              render={({ field, fieldState }) => (
                <DateField
                  label={t('orders.fields.deliveryDate')}
                  withAsterisk={!order.is_template}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  minDate={today}
                  clearable
                  error={fieldError(t, fieldState.error)}
                />
              )}
            />
            {sales && (
              <Controller
                control={control}
                name="due_days"
                render={({ field }) => (
                  <LocaleNumberInput
                    label={t('orders.fields.dueDays')}
                    withAsterisk={!order.is_template}
                    min={0}
                    max={1e9}
                    step={1}
                    allowNegative={false}
                    allowDecimal={false}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                  />
                )}
              />
            )}
            <Controller
              control={control}
              name="currency_id"
              render={({ field }) => (
                <RemoteSelect
                  source={currencySource}
                  label={t('orders.fields.currency')}
                  value={field.value}
                  onChange={(value) => field.onChange(value)}
                  clearable
                />
              )}
            />
            <Controller
              control={control}
              name="location_id"
              render={({ field }) => (
                <RemoteSelect
                  source={locationSource}
                  label={t('orders.fields.location')}
                  withAsterisk={!order.is_template}
                  value={field.value}
                  onChange={(value) => field.onChange(value)}
                  clearable
                />
              )}
            />
            <TextInput
              label={t('orders.fields.truckNumber')}
              error={fieldError(t, formState.errors.truck_number)}
              {...register('truck_number')}
            />
            <TextInput
              label={t('orders.fields.externalCode')}
              description={t('orders.edit.externalCodeHint')}
              error={fieldError(t, formState.errors.external_code)}
              {...register('external_code')}
            />
          </SimpleGrid>
          <Group gap="xl" mt="md">
            {sales && <Checkbox label={t('orders.fields.selfPicking')} {...register('self_picking')} />}
            <Checkbox label={t('orders.fields.isReturn')} {...register('is_return')} />
          </Group>
          {sales && (
            <Textarea
              mt="md"
              label={t('orders.fields.comments')}
              autosize
              minRows={2}
              maxRows={6}
              error={fieldError(t, formState.errors.comments)}
              {...register('comments')}
            />
          )}
        </Paper>

        <OrderLinesEditor
          kind={kind}
          control={control}
          consigneeId={order.consignee_id}
          defaultUomId={defaultUomId}
        />

        <Group justify="flex-end" gap="xs">
          <Text size="sm" fw={600}>
            {t('orders.lines.total')}
          </Text>
          <Text size="sm" fw={700} data-testid="edit-total" style={{ whiteSpace: 'nowrap' }}>
            {formatMoney(total, currency)}
          </Text>
        </Group>

        <OrderProblems problems={problems} isTemplate={order.is_template} live />
        <Group justify="flex-end">
          <Button variant="default" component={Link} to={orderPaths.view(kind, order.head_id)}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
