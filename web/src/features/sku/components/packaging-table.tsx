import type { sku } from '@extranet/contract';
import { DataTable } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../shared/i18n/numbers';

/** SPEC.md §9 table id of the packaging lines. */
export const PACKAGING_TABLE_ID = 'sku_fake_table';

function dimensions(line: sku.SkuPackagingLine): string {
  const { width, height, length } = line.dimensions;
  if (width === null && height === null && length === null) return '';
  return [width, height, length].map((value) => formatNumber(value) || '?').join(' × ');
}

export function PackagingTable({ lines }: { lines: sku.SkuPackagingLine[] }) {
  const { t } = useTranslation();
  return (
    <DataTable<sku.SkuPackagingLine>
      id={PACKAGING_TABLE_ID}
      withTableBorder
      borderRadius="md"
      striped
      minHeight={lines.length ? undefined : 120}
      records={lines}
      idAccessor="sku_packaging_id"
      noRecordsText={t('sku.packaging.empty')}
      columns={[
        { accessor: 'sku_id', title: t('sku.fields.skuId'), textAlign: 'right' },
        { accessor: 'code', title: t('sku.packaging.code') },
        {
          accessor: 'gross_w',
          title: t('sku.packaging.grossW'),
          textAlign: 'right',
          render: (line) => formatNumber(line.gross_w),
        },
        {
          accessor: 'net_w',
          title: t('sku.packaging.netW'),
          textAlign: 'right',
          render: (line) => formatNumber(line.net_w),
        },
        { accessor: 'dimensions', title: t('sku.packaging.dimensions'), render: dimensions },
        {
          accessor: 'volume',
          title: t('sku.packaging.volume'),
          textAlign: 'right',
          render: (line) => formatNumber(line.volume),
        },
        { accessor: 'pce_qty', title: t('sku.packaging.pceQty'), textAlign: 'right' },
      ]}
    />
  );
}
