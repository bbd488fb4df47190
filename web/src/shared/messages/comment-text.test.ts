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
    expect(commentText(i18n.getFixedT('ru'), text)).toBe('Состояние заказа изменено: Черновик → Готов');
    expect(commentText(i18n.getFixedT('lv'), text)).toBe('Pasūtījuma stāvoklis mainīts: Melnraksts → Gatavs');
  });

  it('names a status by its description, then its code, then unknown', () => {
    const text = {
      code: 'order_status_changed',
      old: { code: null, desc: null },
      new: { code: 'PICK', desc: 'Picking' },
    } as const;
    expect(commentText(t, text)).toBe('Order status changed from unknown to Picking');
    expect(commentText(t, { ...text, new: { code: 'PICK', desc: null } })).toBe(
      'Order status changed from unknown to PICK',
    );
  });

  it('names the author by full name, else username, else system', () => {
    expect(authorName(t, { user_id: 1, username: 'anna', fio: 'Anna Berzina' })).toBe('Anna Berzina');
    expect(authorName(t, { user_id: 1, username: 'anna', fio: null })).toBe('anna');
    expect(authorName(t, null)).toBe('system');
  });
});
