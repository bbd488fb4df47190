import type { sku } from '@extranet/contract';
import { Alert, Button, Paper, Stack, Tabs, Title } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { formatNumber } from '../../../shared/i18n/numbers';
import { useSession } from '../../../shared/session';
import { DataState } from '../../../shared/ui/data-state';
import { PageTitle } from '../../../shared/ui/page-title';
import { positiveInt } from '../../../shared/ui/paged-table';
import { RefreshButton } from '../../../shared/ui/refresh-button';
import { RequirePermission } from '../../../shared/ui/require-permission';
import { useSku } from '../api/get-sku';
import { useListEan } from '../api/list-ean';
import { EanTable } from '../components/ean-table';
import { FieldList } from '../components/field-list';
import { PackagingTable } from '../components/packaging-table';
import { skuPaths } from '../components/paths';

const TABS = ['storage', 'barcodes', 'general'] as const;
type Tab = (typeof TABS)[number];

export function SkuViewPage() {
  const skuId = positiveInt(useParams().skuId ?? null);
  return (
    <RequirePermission anyOf={['stck', 'cmgr']}>
      {skuId === null ? <SkuNotFound /> : <SkuView key={skuId} skuId={skuId} />}
    </RequirePermission>
  );
}

export function SkuNotFound() {
  const { t } = useTranslation();
  return (
    <Alert color="yellow" variant="light" role="alert">
      {t('sku.view.notFound')}
    </Alert>
  );
}

/** Reloads whenever skuId changes: the queries are keyed by it. */
function SkuView({ skuId }: { skuId: number }) {
  const { t } = useTranslation();
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.includes(params.get('tab') as Tab) ? (params.get('tab') as Tab) : 'storage';
  const item = useSku(skuId);
  const eans = useListEan(skuId);

  const refresh = () => {
    void item.refetch();
    void eans.refetch();
  };

  return (
    <DataState query={item}>
      {(data) =>
        data === null ? (
          <SkuNotFound />
        ) : (
          <Stack gap="md">
            <PageTitle
              title={data.name}
              section={t('sku.list.title')}
              actions={
                <>
                  <RefreshButton onRefresh={refresh} loading={item.isFetching || eans.isFetching} />
                  {session.cmgr && (
                    <Button
                      component={Link}
                      to={skuPaths.edit(skuId)}
                      leftSection={<IconEdit size={18} aria-hidden />}
                    >
                      {t('sku.view.edit')}
                    </Button>
                  )}
                </>
              }
            />

            <Paper withBorder p="md" radius="md">
              <FieldList
                fields={[
                  { label: t('sku.fields.businessLine'), value: data.business_line.name },
                  { label: t('sku.fields.code'), value: data.code },
                  { label: t('sku.fields.name'), value: data.name },
                  { label: t('sku.fields.externalCode'), value: data.external_code },
                  { label: t('sku.fields.consignee'), value: data.consignee.name },
                ]}
              />
            </Paper>

            <Tabs
              value={tab}
              onChange={(value) =>
                setParams(
                  (previous) => {
                    const next = new URLSearchParams(previous);
                    next.set('tab', value ?? 'storage');
                    return next;
                  },
                  { replace: true },
                )
              }
              keepMounted={false}
            >
              <Tabs.List>
                {TABS.map((name) => (
                  <Tabs.Tab key={name} value={name}>
                    {t(`sku.tabs.${name}`)}
                  </Tabs.Tab>
                ))}
              </Tabs.List>

              <Tabs.Panel value="storage" pt="md">
                <StorageTab data={data} />
              </Tabs.Panel>
              <Tabs.Panel value="barcodes" pt="md">
                <DataState query={eans}>
                  {(page) => <EanTable eans={page.items} fetching={eans.isFetching} />}
                </DataState>
              </Tabs.Panel>
              <Tabs.Panel value="general" pt="md">
                <GeneralTab data={data} />
              </Tabs.Panel>
            </Tabs>
          </Stack>
        )
      }
    </DataState>
  );
}

function StorageTab({ data }: { data: sku.SkuRow }) {
  const { t } = useTranslation();
  const { storage } = data;
  return (
    <Stack gap="md">
      <FieldList
        fields={[
          { label: t('sku.fields.manufacturerExpire'), value: storage.manufacturer_expire },
          { label: t('sku.fields.receiveExpire'), value: storage.receive_expire },
          { label: t('sku.fields.shipExpire'), value: storage.ship_expire },
          { label: t('sku.fields.receiveTempMin'), value: storage.receive_temp_min },
          { label: t('sku.fields.receiveTempMax'), value: storage.receive_temp_max },
        ]}
      />
      <Title order={2} size="h4">
        {t('sku.packaging.title')}
      </Title>
      <PackagingTable lines={data.lines ?? []} />
    </Stack>
  );
}

function GeneralTab({ data }: { data: sku.SkuRow }) {
  const { t } = useTranslation();
  const { general } = data;
  return (
    <FieldList
      fields={[
        {
          label: t('sku.fields.vendor'),
          value: general.vendor ? `${general.vendor.name} (${general.vendor.external_code})` : null,
        },
        { label: t('sku.fields.commodityCode'), value: general.commodity_code },
        { label: t('sku.fields.productionCountry'), value: general.production_country },
        { label: t('sku.fields.price'), value: formatNumber(general.price) },
        { label: t('sku.fields.vatRate'), value: formatNumber(general.vat_rate) },
        { label: t('sku.fields.classCode'), value: general.class_code },
        { label: t('sku.fields.orderMin'), value: formatNumber(general.order_min) },
        { label: t('sku.fields.orderStep'), value: formatNumber(general.order_step) },
        { label: t('sku.fields.exciseCode'), value: general.excise_code },
        { label: t('sku.fields.alcoholPercent'), value: formatNumber(general.alcohol_percent) },
      ]}
    />
  );
}
