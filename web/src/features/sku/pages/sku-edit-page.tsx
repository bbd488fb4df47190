import type { sku } from '@extranet/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Alert,
  Button,
  Center,
  Group,
  Loader,
  type NumberInputProps,
  Paper,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import {
  type Control,
  Controller,
  type FieldErrors,
  type FieldPath,
  useFieldArray,
  useForm,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../../shared/api';
import { consigneeSource, skuSource, vendorSource } from '../../../shared/catalogs/sources';
import { fieldError } from '../../../shared/forms';
import { notifyError, notifySuccess } from '../../../shared/ui/notify';
import { LocaleNumberInput } from '../../../shared/ui/number-field';
import { PageTitle } from '../../../shared/ui/page-title';
import { positiveInt } from '../../../shared/ui/paged-table';
import { RemoteSelect } from '../../../shared/ui/remote-select';
import { RequirePermission } from '../../../shared/ui/require-permission';
import { useSku } from '../api/get-sku';
import { useSaveSku } from '../api/save-sku';
import { skuPaths } from '../components/paths';
import {
  emptyLine,
  type SkuFormOutput,
  SkuFormSchema,
  type SkuFormValues,
  toFormValues,
  toSaveRequest,
} from '../components/sku-form';
import { SkuNotFound } from './sku-view-page';

/** SPEC.md §9: a held spinner button speeds up to 30 steps a second (5 for the alcohol percent). */
const boost = (maxPerSecond: number) => (stepCount: number) =>
  Math.max(1000 / (stepCount + 1) ** 1.5, 1000 / maxPerSecond);

type NumberKind = 'days' | 'temperature' | 'decimal' | 'percent';

/** SPEC.md §5 'SKU edit numbers': whole days and degrees step 1; weights, sizes, money step 0.1. */
const NUMBER_PROPS: Record<NumberKind, Partial<NumberInputProps>> = {
  days: { min: 0, max: 36_500, step: 1, decimalScale: 0, allowDecimal: false, allowNegative: false },
  temperature: { min: -100, max: 100, step: 1, decimalScale: 0, allowDecimal: false },
  decimal: { min: 0, max: 1e9, step: 0.1, decimalScale: 3, allowNegative: false },
  percent: { min: 0, max: 100, step: 0.1, decimalScale: 3, allowNegative: false },
};

function NumberField({
  control,
  name,
  label,
  kind,
}: {
  control: Control<SkuFormValues, unknown, SkuFormOutput>;
  name: FieldPath<SkuFormValues>;
  label: string;
  kind: NumberKind;
}) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <LocaleNumberInput
          label={label}
          {...NUMBER_PROPS[kind]}
          clampBehavior="strict"
          stepHoldDelay={400}
          stepHoldInterval={boost(kind === 'percent' && name.endsWith('alcohol_percent') ? 5 : 30)}
          value={field.value as number | string}
          onChange={field.onChange}
          onBlur={field.onBlur}
          name={field.name}
          ref={field.ref}
          error={fieldError(t, fieldState.error)}
        />
      )}
    />
  );
}

export function SkuEditPage() {
  const { t } = useTranslation();
  const skuId = positiveInt(useParams().skuId ?? null);
  return (
    <RequirePermission anyOf={['cmgr']} message={t('sku.edit.forbidden')}>
      {skuId === null ? <SkuNotFound /> : <SkuEdit key={skuId} skuId={skuId} />}
    </RequirePermission>
  );
}

function SkuEdit({ skuId }: { skuId: number }) {
  const { t } = useTranslation();
  const item = useSku(skuId);
  if (item.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} role="progressbar" />
      </Center>
    );
  }
  if (!item.data) return <SkuNotFound />;
  return <SkuEditForm item={item.data} />;
}

/** The SKU to edit: choosing another one opens its editor. */
function SkuChooser({ item }: { item: sku.SkuRow }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [consignee, setConsignee] = useState<number | null>(item.consignee.consignee_id);
  const [chosen, setChosen] = useState<number | null>(item.sku_id);
  return (
    <Group align="flex-end" gap="sm" wrap="wrap" role="group" aria-label={t('sku.edit.choose')}>
      <RemoteSelect
        source={consigneeSource}
        label={t('catalogs.consignee')}
        value={consignee}
        onChange={(value) => {
          setConsignee(value);
          setChosen(value === item.consignee.consignee_id ? item.sku_id : null);
        }}
        w={{ base: '100%', sm: 260 }}
      />
      <RemoteSelect
        source={skuSource}
        filters={{ for_order: true, ...(consignee ? { consignee_id: consignee } : {}) }}
        enabled={consignee !== null}
        label={t('catalogs.sku')}
        value={chosen}
        onChange={(value) => {
          setChosen(value);
          if (value !== null && value !== item.sku_id) navigate(skuPaths.edit(value));
        }}
        w={{ base: '100%', sm: 340 }}
      />
    </Group>
  );
}

function SkuEditForm({ item }: { item: sku.SkuRow }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveSku();
  const { control, register, handleSubmit, formState } = useForm<SkuFormValues, unknown, SkuFormOutput>({
    defaultValues: toFormValues(item),
    resolver: zodResolver(SkuFormSchema),
    // Checked on submit, then on every change: no message appears under a field while the
    // pointer is on its way to the submit button, so the button never moves under it.
    mode: 'onSubmit',
  });
  const lines = useFieldArray({ control, name: 'lines', keyName: 'key' });

  const onSubmit = handleSubmit(
    async (values) => {
      if (save.isPending) return;
      try {
        await save.mutateAsync(toSaveRequest(item, values));
        notifySuccess(t('sku.edit.saved'));
        navigate(skuPaths.view(item.sku_id));
      } catch {
        window.scrollTo({ top: 0 });
      }
    },
    () => notifyError(t('validation.formHasErrors')),
  );

  const text = (name: 'general.commodity_code' | 'general.excise_code', label: string) => (
    <TextInput
      label={label}
      {...register(name)}
      error={fieldError(t, fieldErrorAt(formState.errors, name))}
    />
  );

  return (
    <Stack gap="md">
      <PageTitle title={t('sku.edit.title', { name: item.name })} section={t('sku.list.title')} />
      <SkuChooser item={item} />

      <form onSubmit={onSubmit} noValidate aria-label={t('sku.edit.title', { name: item.name })}>
        <Stack gap="md">
          {save.error && (
            <Alert color="red" variant="light" role="alert">
              {errorMessage(t, save.error)}
            </Alert>
          )}

          <Tabs defaultValue="storage" keepMounted>
            <Tabs.List>
              <Tabs.Tab value="storage">{t('sku.tabs.storage')}</Tabs.Tab>
              <Tabs.Tab value="general">{t('sku.tabs.general')}</Tabs.Tab>
            </Tabs.List>

            <Tabs.Panel value="storage" pt="md">
              <Stack gap="md">
                <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
                  <NumberField
                    control={control}
                    name="storage.manufacturer_expire"
                    label={t('sku.fields.manufacturerExpire')}
                    kind="days"
                  />
                  <NumberField
                    control={control}
                    name="storage.receive_expire"
                    label={t('sku.fields.receiveExpire')}
                    kind="days"
                  />
                  <NumberField
                    control={control}
                    name="storage.ship_expire"
                    label={t('sku.fields.shipExpire')}
                    kind="days"
                  />
                  <NumberField
                    control={control}
                    name="storage.receive_temp_min"
                    label={t('sku.fields.receiveTempMin')}
                    kind="temperature"
                  />
                  <NumberField
                    control={control}
                    name="storage.receive_temp_max"
                    label={t('sku.fields.receiveTempMax')}
                    kind="temperature"
                  />
                </SimpleGrid>

                <Group justify="space-between" align="center">
                  <Title order={2} size="h4">
                    {t('sku.packaging.title')}
                  </Title>
                  <Button
                    variant="light"
                    leftSection={<IconPlus size={16} aria-hidden />}
                    onClick={() => lines.append(emptyLine())}
                  >
                    {t('sku.packaging.add')}
                  </Button>
                </Group>
                {lines.fields.length === 0 && <Text c="dimmed">{t('sku.packaging.empty')}</Text>}
                {lines.fields.map((line, index) => {
                  const number = index + 1;
                  const existing = line.sku_packaging_id !== null;
                  return (
                    <Paper
                      key={line.key}
                      withBorder
                      p="sm"
                      radius="md"
                      component="fieldset"
                      aria-label={t('sku.packaging.line', { number })}
                    >
                      <Group justify="space-between" align="flex-end" mb="xs">
                        {existing ? (
                          <Text fw={600}>{line.code}</Text>
                        ) : (
                          <TextInput
                            label={t('sku.packaging.code')}
                            {...register(`lines.${index}.code`)}
                            error={fieldError(t, formState.errors.lines?.[index]?.code)}
                            w={160}
                          />
                        )}
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('sku.packaging.remove', { code: line.code || number })}
                          onClick={() => lines.remove(index)}
                        >
                          <IconTrash size={18} aria-hidden />
                        </ActionIcon>
                      </Group>
                      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }}>
                        <NumberField
                          control={control}
                          name={`lines.${index}.gross_w`}
                          label={t('sku.packaging.grossW')}
                          kind="decimal"
                        />
                        <NumberField
                          control={control}
                          name={`lines.${index}.net_w`}
                          label={t('sku.packaging.netW')}
                          kind="decimal"
                        />
                        <NumberField
                          control={control}
                          name={`lines.${index}.width`}
                          label={t('sku.packaging.width')}
                          kind="decimal"
                        />
                        <NumberField
                          control={control}
                          name={`lines.${index}.height`}
                          label={t('sku.packaging.height')}
                          kind="decimal"
                        />
                        <NumberField
                          control={control}
                          name={`lines.${index}.length`}
                          label={t('sku.packaging.length')}
                          kind="decimal"
                        />
                      </SimpleGrid>
                    </Paper>
                  );
                })}
              </Stack>
            </Tabs.Panel>

            <Tabs.Panel value="general" pt="md">
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
                <Controller
                  control={control}
                  name="general.vendor_id"
                  render={({ field }) => (
                    <RemoteSelect
                      source={vendorSource}
                      filters={{ for_order: true, consignee_id: item.consignee.consignee_id }}
                      label={t('sku.fields.vendor')}
                      value={field.value}
                      onChange={(value) => field.onChange(value)}
                      clearable
                    />
                  )}
                />
                {text('general.commodity_code', t('sku.fields.commodityCode'))}
                <NumberField
                  control={control}
                  name="general.price"
                  label={t('sku.fields.price')}
                  kind="decimal"
                />
                <NumberField
                  control={control}
                  name="general.vat_rate"
                  label={t('sku.fields.vatRate')}
                  kind="percent"
                />
                {text('general.excise_code', t('sku.fields.exciseCode'))}
                <NumberField
                  control={control}
                  name="general.alcohol_percent"
                  label={t('sku.fields.alcoholPercent')}
                  kind="percent"
                />
                <NumberField
                  control={control}
                  name="general.order_min"
                  label={t('sku.fields.orderMin')}
                  kind="decimal"
                />
                <NumberField
                  control={control}
                  name="general.order_step"
                  label={t('sku.fields.orderStep')}
                  kind="decimal"
                />
              </SimpleGrid>
            </Tabs.Panel>
          </Tabs>

          <Group justify="flex-end" gap="sm">
            <Button variant="default" component={Link} to={skuPaths.view(item.sku_id)}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('sku.edit.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

function fieldErrorAt(
  errors: FieldErrors<SkuFormValues>,
  name: 'general.commodity_code' | 'general.excise_code',
) {
  return name === 'general.commodity_code' ? errors.general?.commodity_code : errors.general?.excise_code;
}
