import type { sku } from '@extranet/contract';
import { DataTable } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';

/** SPEC.md §9 table id of the barcodes. */
export const EAN_TABLE_ID = 'ean_fake_table';

export function EanTable({ eans, fetching }: { eans: sku.EanRow[]; fetching: boolean }) {
  const { t } = useTranslation();
  return (
    <DataTable<sku.EanRow>
      id={EAN_TABLE_ID}
      withTableBorder
      borderRadius="md"
      striped
      minHeight={eans.length ? undefined : 120}
      records={eans}
      idAccessor="ean_id"
      fetching={fetching}
      noRecordsText={t('sku.ean.empty')}
      columns={[
        { accessor: 'ean_id', title: t('sku.ean.id'), textAlign: 'right', width: 120 },
        { accessor: 'ean_text', title: t('sku.ean.text') },
        { accessor: 'ean_type_code', title: t('sku.ean.type') },
      ]}
    />
  );
}
