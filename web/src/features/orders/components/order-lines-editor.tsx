import { Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowBackUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { type Control, Controller, useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldError } from '../../../shared/forms';
import { RemoteSelect } from '../../../shared/ui/remote-select';
import type { OrderKind } from '../api/keys';
import { batchSource, expiryDateSource, skuSource, uomSource } from '../api/sources';
import { PriceInput, QuantityInput } from './amount-inputs';
import { emptyLine, type OrderFormValues } from './order-form-values';

const struck = { input: { textDecoration: 'line-through' } } as const;

interface LineProps {
  kind: OrderKind;
  control: Control<OrderFormValues>;
  index: number;
  consigneeId: number;
  onToggleDelete: () => void;
}

function OrderLineEditor({ kind, control, index, consigneeId, onToggleDelete }: LineProps) {
  const { t } = useTranslation();
  const line = useWatch({ control, name: `lines.${index}` });
  const deleted = line?.deleted ?? false;
  const skuId = line?.sku_id ?? null;
  const styles = deleted ? struck : undefined;
  const sales = kind === 'sales';
  const name = (field: string) => `${t(`orders.lines.${field}`)}`;

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
        <Grid.Col span={{ base: 12, md: sales ? 6 : 4 }}>
          <Controller
            control={control}
            name={`lines.${index}.sku_id`}
            render={({ field, fieldState }) => (
              <RemoteSelect
                source={skuSource}
                filters={{ consignee_id: consigneeId, for_order: true }}
                label={name('sku')}
                value={field.value}
                onChange={(value) => field.onChange(value)}
                onBlur={field.onBlur}
                ref={field.ref}
                error={fieldError(t, fieldState.error)}
                disabled={deleted}
                styles={styles}
              />
            )}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 4, md: 2 }}>
          <Controller
            control={control}
            name={`lines.${index}.ordered_qty`}
            render={({ field }) => (
              <QuantityInput
                label={name('quantity')}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
                disabled={deleted}
                styles={styles}
              />
            )}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 4, md: 2 }}>
          <Controller
            control={control}
            name={`lines.${index}.uom_id`}
            render={({ field }) => (
              <RemoteSelect
                source={uomSource}
                label={name('uom')}
                value={field.value}
                onChange={(value) => field.onChange(value)}
                disabled={deleted}
                styles={styles}
              />
            )}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 4, md: 2 }}>
          <Controller
            control={control}
            name={`lines.${index}.price`}
            render={({ field }) => (
              <PriceInput
                label={name('price')}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
                disabled={deleted}
                styles={styles}
              />
            )}
          />
        </Grid.Col>
        {sales && (
          <>
            <Grid.Col span={{ base: 6, sm: 6, md: 5 }}>
              <Controller
                control={control}
                name={`lines.${index}.batch`}
                render={({ field }) => (
                  <RemoteSelect
                    source={batchSource}
                    filters={{
                      sku_id: skuId ?? undefined,
                      ...(line?.expiry_date ? { expiry_date: line.expiry_date } : {}),
                    }}
                    enabled={skuId !== null && !deleted}
                    label={name('batch')}
                    value={field.value}
                    onChange={(value) => field.onChange(value)}
                    clearable
                    styles={styles}
                  />
                )}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 6, md: 5 }}>
              <Controller
                control={control}
                name={`lines.${index}.expiry_date`}
                render={({ field }) => (
                  <RemoteSelect
                    source={expiryDateSource}
                    filters={{ sku_id: skuId ?? undefined, ...(line?.batch ? { batch: line.batch } : {}) }}
                    enabled={skuId !== null && !deleted}
                    label={name('expiryDate')}
                    value={field.value}
                    onChange={(value) => field.onChange(value)}
                    clearable
                    styles={styles}
                  />
                )}
              />
            </Grid.Col>
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

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h4">
          {t('orders.lines.title')}
        </Title>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => append(emptyLine(defaultUomId))}
        >
          {t('orders.lines.add')}
        </Button>
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
