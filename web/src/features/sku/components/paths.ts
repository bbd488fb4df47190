export const skuPaths = {
  list: () => '/sku',
  view: (skuId: number) => `/sku/view/${skuId}`,
  edit: (skuId: number) => `/sku/edit/${skuId}`,
};
