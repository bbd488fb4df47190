import { createHash } from 'node:crypto';
import type { catalogs } from '@extranet/contract';

/**
 * A starter catalog for one client company, as a warehouse system would push it: what the
 * simulated warehouse sends with `npm run admin -- push-master --company CODE`, so a fresh
 * installation can be tried end to end without a real warehouse system.
 */

const PRODUCTS = [
  ['Mineral water 1.5 l', 'pcs'],
  ['Sparkling water 0.5 l', 'pcs'],
  ['Apple juice 1 l', 'pcs'],
  ['Oat biscuits 300 g', 'pcs'],
  ['Rye bread 800 g', 'pcs'],
  ['Coffee beans 1 kg', 'kg'],
  ['Green tea 100 bags', 'box'],
  ['Sunflower oil 1 l', 'l'],
] as const;

function checkDigit(digits: string): string {
  const sum = [...digits]
    .reverse()
    .reduce((total, digit, i) => total + Number(digit) * (i % 2 === 0 ? 3 : 1), 0);
  return String((10 - (sum % 10)) % 10);
}

/** EAN-13s unique to the company code: a 475 (Latvia) prefix, digits from the code's hash. */
function ean(companyCode: string, index: number): string {
  const hash = Number.parseInt(createHash('sha256').update(companyCode).digest('hex').slice(0, 8), 16);
  const digits = `475${String(hash % 10_000_000).padStart(7, '0')}${String(index + 1).padStart(2, '0')}`;
  return digits + checkDigit(digits);
}

export function demoMasterData(companyCode: string): catalogs.MasterData {
  const consignee = `${companyCode}-MAIN`;
  return {
    uoms: [{ name: 'pcs' }, { name: 'box' }, { name: 'kg' }, { name: 'l' }],
    currencies: [{ code: 'EUR' }, { code: 'USD' }],
    locations: [{ label: 'Riga Central' }],
    consignees: [
      { code: consignee, name: `${companyCode} Main`, company: companyCode, business_line: 'Retail' },
    ],
    skus: PRODUCTS.map(([name, uom], index) => ({
      consignee,
      code: `${companyCode}-${String(index + 1).padStart(4, '0')}`,
      name,
      uom,
      eans: [ean(companyCode, index)],
    })),
    vendors: [
      {
        consignee,
        code: `${companyCode}-V1`,
        name: 'SIA Baltic Beverages',
        default_currency: 'EUR',
        addresses: [{ code: `${companyCode}-V1-A`, name: 'Dock 3, Krasta iela 52, Riga' }],
      },
    ],
    customers: [
      {
        consignee,
        code: `${companyCode}-K1`,
        name: 'OÜ Nordic Stores',
        default_currency: 'EUR',
        addresses: [{ code: `${companyCode}-K1-A`, name: 'Store 12, Pärnu mnt 22, Tallinn' }],
      },
    ],
  };
}
