import { orders } from '@extranet/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n';
import { importColumnLabel, importColumnsList, importProblemText } from './import-columns';

const columns = [
  { header: 'Piegāde', column: 'delivery_date' },
  { header: 'qty', column: 'qty' },
  { header: 'Piezīmes', column: null },
];

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('import columns as the reader reads them', () => {
  it('names a problem’s column by its label with the file’s header beside it, in Latvian', async () => {
    await i18n.changeLanguage('lv');
    const t = i18n.t.bind(i18n);
    expect(
      importProblemText(
        t,
        { row: 3, column: 'delivery_date', code: 'date_invalid', value: '32.13.2027' },
        columns,
      ),
    ).toBe('Rinda 3, Piegādes datums (failā “Piegāde”): “32.13.2027” nav datums (GGGG-MM-DD vai DD.MM.GGGG)');
    expect(importProblemText(t, { row: 4, column: 'qty', code: 'required', value: '' }, columns)).toMatch(
      /^Rinda 4, Daudzums \(failā “qty”\): /,
    );
  });

  it('gives every column of either kind a label of its own in each language', async () => {
    // Every column either kind's file may have, and the sales orders' payment term.
    const all = [...new Set([...orders.IMPORT_COLUMNS.purch, ...orders.IMPORT_COLUMNS.sales, 'due_days'])];
    for (const lang of ['en', 'ru', 'lv']) {
      await i18n.changeLanguage(lang);
      const t = i18n.t.bind(i18n);
      const labels = all.map((column) => importColumnLabel(t, column));
      expect(labels.filter((label, i) => label === all[i])).toEqual([]);
      expect(new Set(labels).size).toBe(all.length);
    }
  });

  it('lists the template’s columns in Russian with the header each needs', async () => {
    await i18n.changeLanguage('ru');
    const t = i18n.t.bind(i18n);
    expect(importColumnsList(t, ['sku', 'qty'])).toBe('Товар (SKU) (sku), Количество (qty)');
    expect(importProblemText(t, { row: 2, column: 'sku', code: 'required', value: '' }, [])).toMatch(
      /^Строка 2, Товар \(SKU\): /,
    );
  });
});
