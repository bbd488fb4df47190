import type { sku } from '@extranet/contract';
import { skipToken, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { skuKeys } from '../api/keys';

/**
 * A breadcrumb naming a SKU once its page has loaded it: reads the page's cached query only, by
 * its key (the route table loads with the frame; the call and its schemas come with the page).
 */
export function SkuCrumb({ skuId, edit = false }: { skuId: number; edit?: boolean }) {
  const { t } = useTranslation();
  const item = useQuery<sku.SkuRow | null>({ queryKey: skuKeys.one(skuId), queryFn: skipToken });
  const id = item.data?.name ?? `#${skuId}`;
  return edit ? t('sku.breadcrumbs.edit', { id }) : t('sku.breadcrumbs.view', { id });
}
