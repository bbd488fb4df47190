import { Button, Grid, type GridColProps, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowBackUp, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  type Control,
  Controller,
  type ControllerProps,
  type ControllerRenderProps,
  useFieldArray,
  useWatch,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldError } from '../../../shared/forms';
import { RemoteSelect } from '../../../shared/ui/remote-select';
import type { OrderKind } from '../api/keys';
import { useCountedUoms } from '../api/list-counted-uoms';
import { batchSource, expiryDateSource, skuSource, uomSource } from '../api/sources';
import { PriceInput, QuantityInput } from './amount-inputs';
import { emptyLine, type LineFormValues, type OrderFormValues } from './order-form-values';
import { PasteLinesDialog } from './paste-lines-dialog';

const struck = { input: { textDecoration: 'line-through' } } as const;
const AMOUNT_SPAN = { base: 6, sm: 4, md: 2 };
const STOCK_SPAN = { base: 6, sm: 6, md: 5 };

type LineField = Exclude<keyof LineFormValues, 'deleted'>;
type LineFieldProps<F extends LineField> = ControllerRenderProps<OrderFormValues, `lines.${number}.${F}`>;

/** One field of a line, in its column of the line's grid. */
function LineCell<F extends LineField>({
  control,
  index,
  name,
  span,
  render,
}: {
  control: Control<OrderFormValues>;
  index: number;
  name: F;
  span: GridColProps['span'];
  render: ControllerProps<OrderFormValues, `lines.${number}.${F}`>['render'];
}) {
  return (
    <Grid.Col span={span}>
      <Controller control={control} name={`lines.${index}.${name}`} render={render} />
    </Grid.Col>
  );
}

/** A picker's value and choice, bound to its line field. */
function pickerField<F extends LineField>(field: LineFieldProps<F>) {
  return { value: field.value, onChange: (value: LineFormValues[F]) => field.onChange(value) };
}

/** A number input bound to its line field, with its blur and its focus. */
function amountField<F extends 'ordered_qty' | 'price'>(field: LineFieldProps<F>) {
  return { value: field.value, onChange: field.onChange, onBlur: field.onBlur, ref: field.ref };
}

interface LineProps {
  kind: OrderKind;
  control: Control<OrderFormValues>;
  index: number;
  consigneeId: number;
  onToggleDelete: () => void;
}

/**
 * One line of either kind: both have SKU, quantity, unit and price; a sales line also picks the
 * batch and expiry date of its SKU's stock, each narrowed by the other.
 */
function OrderLineEditor({ kind, control, index, consigneeId, onToggleDelete }: LineProps) {
  const { t } = useTranslation();
  const line = useWatch({ control, name: `lines.${index}` });
  const deleted = line?.deleted ?? false;
  const skuId = line?.sku_id ?? null;
  const styles = deleted ? struck : undefined;
  const sales = kind === 'sales';
  const name = (field: string) => `${t(`orders.lines.${field}`)}`;
  const cell = { control, index };
  const locked = { disabled: deleted, styles };
  const stockPick = { enabled: skuId !== null && !deleted, clearable: true, styles };
  const ofSku = { sku_id: skuId ?? undefined };
  const counted = useCountedUoms();

  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      data-testid="order-line"
      data-deleted={deleted || undefined}
      bg={deleted ? 'var(--mantine-color-gray-0)' : undefined}
      role="group"
      aria-label={t('orders.lines.line', { n: index + 1 })}
    >
      <Grid gap="sm" align="flex-end">
        <LineCell
          {...cell}
          name="sku_id"
          span={{ base: 12, md: sales ? 6 : 4 }}
          render={({ field, fieldState }) => (
            <RemoteSelect
              source={skuSource}
              filters={{ consignee_id: consigneeId, for_order: true }}
              label={name('sku')}
              {...pickerField(field)}
              onBlur={field.onBlur}
              ref={field.ref}
              error={fieldError(t, fieldState.error)}
              {...locked}
            />
          )}
        />
        <LineCell
          {...cell}
          name="ordered_qty"
          span={AMOUNT_SPAN}
          render={({ field, fieldState }) => (
            <QuantityInput
              label={name('quantity')}
              whole={line?.uom_id != null && counted.has(line.uom_id)}
              {...amountField(field)}
              error={fieldError(t, fieldState.error)}
              {...locked}
            />
          )}
        />
        <LineCell
          {...cell}
          name="uom_id"
          span={AMOUNT_SPAN}
          render={({ field }) => (
            <RemoteSelect source={uomSource} label={name('uom')} {...pickerField(field)} {...locked} />
          )}
        />
        <LineCell
          {...cell}
          name="price"
          span={AMOUNT_SPAN}
          render={({ field }) => <PriceInput label={name('price')} {...amountField(field)} {...locked} />}
        />
        {sales && (
          <>
            <LineCell
              {...cell}
              name="batch"
              span={STOCK_SPAN}
              render={({ field }) => (
                <RemoteSelect
                  source={batchSource}
                  filters={{ ...ofSku, ...(line?.expiry_date ? { expiry_date: line.expiry_date } : {}) }}
                  label={name('batch')}
                  {...pickerField(field)}
                  {...stockPick}
                />
              )}
            />
            <LineCell
              {...cell}
              name="expiry_date"
              span={STOCK_SPAN}
              render={({ field }) => (
                <RemoteSelect
                  source={expiryDateSource}
                  filters={{ ...ofSku, ...(line?.batch ? { batch: line.batch } : {}) }}
                  label={name('expiryDate')}
                  {...pickerField(field)}
                  {...stockPick}
                />
              )}
            />
          </>
        )}
        <Grid.Col span={{ base: 12, md: 2 }}>
          <Group justify="flex-end">
            <Button
              variant={deleted ? 'default' : 'subtle'}
              color={deleted ? undefined : 'red'}
              leftSection={
                deleted ? <IconArrowBackUp size={16} aria-hidden /> : <IconTrash size={16} aria-hidden />
              }
              onClick={onToggleDelete}
              aria-pressed={deleted}
              aria-label={t(deleted ? 'orders.lines.restoreN' : 'orders.lines.deleteN', { n: index + 1 })}
            >
              {t(deleted ? 'orders.lines.restore' : 'orders.lines.delete')}
            </Button>
          </Group>
        </Grid.Col>
      </Grid>
      {deleted && (
        <Text size="xs" c="dimmed" mt={4}>
          {t('orders.lines.deletedHint')}
        </Text>
      )}
    </Paper>
  );
}

/** The lines of the edit form: add a line, toggle a line's deletion (struck through until saved). */
export function OrderLinesEditor({
  kind,
  control,
  consigneeId,
  defaultUomId,
}: {
  kind: OrderKind;
  control: Control<OrderFormValues>;
  consigneeId: number;
  defaultUomId: number | null;
}) {
  const { t } = useTranslation();
  const { fields, append, update } = useFieldArray({ control, name: 'lines' });
  const lines = useWatch({ control, name: 'lines' });
  const inOrder = new Set(
    lines.flatMap((line) => (line.deleted || line.sku_id === null ? [] : [line.sku_id])),
  );

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h4">
          {t('orders.lines.title')}
        </Title>
        <Group gap="xs">
          <PasteLinesDialog
            consigneeId={consigneeId}
            defaultUomId={defaultUomId}
            inOrder={inOrder}
            onAdd={(pasted) => append(pasted)}
          />
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => append(emptyLine(defaultUomId))}
          >
            {t('orders.lines.add')}
          </Button>
        </Group>
      </Group>
      {fields.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('orders.lines.none')}
        </Text>
      )}
      {fields.map((field, index) => (
        <OrderLineEditor
          key={field.id}
          kind={kind}
          control={control}
          index={index}
          consigneeId={consigneeId}
          onToggleDelete={() => {
            const current = lines[index];
            if (current) update(index, { ...current, deleted: !current.deleted });
          }}
        />
      ))}
    </Stack>
  );
}
