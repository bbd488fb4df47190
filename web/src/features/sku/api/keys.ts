import type { sku } from '@extranet/contract';

/** Every SKU query lives under SKU_KEY, so a save refreshes the list, the view and the barcodes. */
export const SKU_KEY = ['sku'] as const;

export const skuKeys = {
  list: (request: sku.ListSkuRequest) => [...SKU_KEY, 'list', request] as const,
  one: (skuId: number) => [...SKU_KEY, 'one', skuId] as const,
  eans: (skuId: number) => [...SKU_KEY, 'eans', skuId] as const,
};
