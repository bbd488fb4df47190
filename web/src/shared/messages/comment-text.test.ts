import type { discussions } from '@extranet/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import { authorName, commentText } from './comment-text';

describe('comment text', () => {
  // Each language's words load when first shown; these read Russian and Latvian directly.
  beforeAll(() => i18n.loadLanguages(['ru', 'lv']));

  const t = i18n.getFixedT('en');

  it('keeps a plain message as it is', () => {
    expect(commentText(t, 'Truck is late')).toBe('Truck is late');
  });

  it('renders a progress change as a sentence in each language', () => {
    const text = { code: 'order_progress_changed', old: 'draft', new: 'ready' } as const;
    expect(commentText(t, text)).toBe('Order progress changed from Draft to Ready');
    expect(commentText(i18n.getFixedT('ru'), text)).toBe('Этап заказа изменён: Черновик → Готов');
    expect(commentText(i18n.getFixedT('lv'), text)).toBe('Pasūtījuma posms mainīts: Melnraksts → Gatavs');
  });

  it('names a status by its description, then its code', () => {
    const text = {
      code: 'order_status_changed',
      old: { code: 'WAIT', desc: 'Waiting' },
      new: { code: 'PICK', desc: 'Picking' },
    } as const;
    expect(commentText(t, text)).toBe('Warehouse status changed from Waiting to Picking');
    expect(commentText(t, { ...text, new: { code: 'PICK', desc: null } })).toBe(
      'Warehouse status changed from Waiting to PICK',
    );
  });

  it('shows the first warehouse status as set, not as a change from unknown', () => {
    const text = {
      code: 'order_status_changed',
      old: { code: null, desc: null },
      new: { code: 'REG', desc: 'Registered' },
    } as const;
    expect(commentText(t, text)).toBe('Warehouse status set to Registered');
    expect(commentText(i18n.getFixedT('ru'), text)).toBe('Складской статус установлен: Registered');
    expect(commentText(i18n.getFixedT('lv'), text)).toBe('Noliktavas statuss iestatīts: Registered');
  });

  it('lists each edited field with its old and new value', () => {
    const text = {
      code: 'order_edited',
      changes: [
        { field: 'truckNumber', old: 'KA-1', new: 'KA-2' },
        { field: 'line:EXT7', old: '10 pcs', new: null },
        { field: 'isReturn', old: 'false', new: 'true' },
      ],
    } satisfies discussions.SystemText;
    expect(commentText(t, text)).toBe(
      'Order edited: Truck number from KA-1 to KA-2; line EXT7 from 10 pcs to (empty); Return from No to Yes',
    );
    expect(commentText(i18n.getFixedT('ru'), text)).toMatch(
      /^Заказ изменён: .+: KA-1 → KA-2; строка EXT7: 10 pcs → \(пусто\)/,
    );
  });

  it('names the warehouse and the API key a change came through', () => {
    const user = { user_id: 1, username: 'anna', fio: 'Anna Berzina' };
    const move = { code: 'order_progress_changed', old: 'ready', new: 'sent' } as const;
    expect(authorName(t, null, { ...move, via: { kind: 'warehouse' } })).toBe('warehouse');
    expect(authorName(i18n.getFixedT('lv'), null, { ...move, via: { kind: 'warehouse' } })).toBe('noliktava');
    expect(authorName(t, user, { ...move, via: { kind: 'api_key', name: 'ERP' } })).toBe(
      'Anna Berzina (API key “ERP”)',
    );
    expect(authorName(t, user, move)).toBe('Anna Berzina');
  });

  it('names the author by full name, else username, else system', () => {
    expect(authorName(t, { user_id: 1, username: 'anna', fio: 'Anna Berzina' })).toBe('Anna Berzina');
    expect(authorName(t, { user_id: 1, username: 'anna', fio: null })).toBe('anna');
    expect(authorName(t, null)).toBe('system');
  });
});
