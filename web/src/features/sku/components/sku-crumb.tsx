import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getSkuQueryOptions } from '../api/get-sku';

/** A breadcrumb naming a SKU once its page has loaded it (reads the page's cached query only). */
export function SkuCrumb({ skuId, edit = false }: { skuId: number; edit?: boolean }) {
  const { t } = useTranslation();
  const item = useQuery({ ...getSkuQueryOptions(skuId), enabled: false });
  const id = item.data?.name ?? `#${skuId}`;
  return edit ? t('sku.breadcrumbs.edit', { id }) : t('sku.breadcrumbs.view', { id });
}
