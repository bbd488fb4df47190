import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n';
import { fileProblemText, outcomeProblemText } from './master-data-upload';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('refusals of a master data file, in the reader’s language', () => {
  it('say the row, the header as the file has it and the value, with the units there are', async () => {
    const problem = {
      kind: 'invalid',
      row: 4,
      header: 'Mērvienība',
      value: 'PCS2',
      reason: 'unit',
      allowed: ['pcs', 'box'],
    } as const;
    const t = i18n.t.bind(i18n);
    expect(fileProblemText(t, problem)).toBe(
      'Row 4, column “Mērvienība”: there is no unit “PCS2”; the units are: pcs, box.',
    );
    await i18n.changeLanguage('lv');
    expect(fileProblemText(t, problem)).toBe(
      'Rinda 4, kolonna “Mērvienība”: nav mērvienības “PCS2”; mērvienības ir: pcs, box.',
    );
    await i18n.changeLanguage('ru');
    expect(fileProblemText(t, { kind: 'invalid', row: 2, header: 'EAN', value: '123', reason: 'ean' })).toBe(
      'Строка 2, столбец «EAN»: «123» — не EAN (8, 12, 13 или 14 цифр).',
    );
  });

  it('name the column of a refusal of the server by the file’s header', async () => {
    await i18n.changeLanguage('lv');
    const t = i18n.t.bind(i18n);
    expect(
      outcomeProblemText(t, { field: 'uom', problem: 'uom_unknown', value: 'gab' }, { uom: 'Vienība' }, [
        'pcs',
        'kg',
      ]),
    ).toBe('Kolonna “Vienība”: Nav mērvienības “gab” Mērvienības: pcs, kg.');
  });
});
