import type { stock } from '@extranet/contract';

export const STOCK_KEY = ['stock'] as const;

export const stockKeys = {
  list: (request: stock.ListStocksRequest) => [...STOCK_KEY, 'list', request] as const,
};
