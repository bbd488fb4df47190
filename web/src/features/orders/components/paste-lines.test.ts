import { catalogs as contractCatalogs } from '@extranet/contract';
import { describe, expect, it } from 'vitest';
import { readPasted, resolvePasted } from './paste-lines';

const catalogs = {
  skus: new Map([
    ['SKU-1', 11],
    ['SKU-2', 12],
    ['SKU-3', 13],
  ]),
  uom: contractCatalogs.unitMatcher([
    ['pcs', 1],
    ['box', 2],
    ['kg', 3],
    ['gab.', 1],
  ]),
  counted: new Set([1, 2]),
  inOrder: new Set([13]),
  defaultUomId: 1,
};

describe('pasted order lines', () => {
  it('reads tab-separated rows as a spreadsheet copies them, skipping headings', () => {
    const { rows, headings } = readPasted('Code\tQty\tUnit\tPrice\nSKU-1\t2\tBOX\t1,50\n\nSKU-2\t1 000\n');
    expect(headings).toBe(true);
    expect(rows).toEqual([
      { row: 2, sku: 'SKU-1', qty: '2', uom: 'BOX', price: '1,50' },
      { row: 3, sku: 'SKU-2', qty: '1 000', uom: '', price: '' },
    ]);
  });

  it('reads rows typed with semicolons, and a first row of data as data', () => {
    const { rows, headings } = readPasted('SKU-1;2,5;pcs\nSKU-2;3;pcs');
    expect(headings).toBe(false);
    expect(rows.map((row) => [row.sku, row.qty, row.uom])).toEqual([
      ['SKU-1', '2,5', 'pcs'],
      ['SKU-2', '3', 'pcs'],
    ]);
  });

  it('resolves codes and units, and takes the default unit when none is given', () => {
    const { rows } = readPasted('SKU-1\t2\tBOX\t1,50\nSKU-2\t1 000');
    expect(resolvePasted(rows, catalogs)).toMatchObject([
      { skuId: 11, qtyValue: '2', uomId: 2, priceValue: '1.50', problems: [] },
      { skuId: 12, qtyValue: '1000', uomId: 1, priceValue: null, problems: [] },
    ]);
  });

  it("reads a unit by its code or by its name in the reader's language, without regard to case", () => {
    const { rows } = readPasted(['SKU-1\t2\tPCS', 'SKU-2\t3\tGab.', 'SKU-3\t1\tKG'].join('\n'));
    expect(resolvePasted(rows, { ...catalogs, inOrder: new Set() }).map((row) => row.uomId)).toEqual([
      1, 1, 3,
    ]);
  });

  it('says what is wrong with each row instead of guessing', () => {
    const { rows } = readPasted(
      ['NOPE\t1', 'SKU-1\t-5', 'SKU-1\t2\tcrate', 'SKU-3\t1', '\t1\t\t1.2345', 'SKU-2\t0'].join('\n'),
    );
    expect(resolvePasted(rows, catalogs).map((row) => row.problems)).toEqual([
      ['skuUnknown'],
      ['qtyUnreadable'],
      ['skuTwice', 'uomUnknown'],
      ['skuInOrder'],
      ['skuMissing', 'priceUnreadable'],
      ['qtyUnreadable'],
    ]);
  });

  it('refuses a fraction of a counted unit, as the form and the server do, and takes one of kilograms', () => {
    const { rows } = readPasted(
      ['SKU-1\t1.5\tpcs', 'SKU-2\t1,5', 'SKU-3\t1,5\tkg', 'SKU-1\t2,000\tbox'].join('\n'),
    );
    const resolved = resolvePasted(rows, { ...catalogs, inOrder: new Set() });
    expect(resolved.map((row) => row.problems)).toEqual([['qtyNotWhole'], ['qtyNotWhole'], [], ['skuTwice']]);
  });
});
