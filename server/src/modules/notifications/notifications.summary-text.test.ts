import { describe, expect, it } from 'vitest';
import { renderSummary, type SummaryItem } from './notifications.summary-text';

function statusItem(code: string, desc: string): SummaryItem {
  return {
    creationDate: new Date('2026-11-24T10:00:00Z'),
    sender: null,
    discussion: { name: 'General', order: null },
    text: null,
    dict: { code: 'order_status_changed', old: { code: 'PCK', desc: 'Picking' }, new: { code, desc } },
    withFiles: false,
  };
}

describe('a warehouse status change in a summary', () => {
  it('names a status code the product knows in the reader language', () => {
    const { text } = renderSummary({
      lang: 'ru',
      name: 'Anna',
      total: 1,
      items: [statusItem('SHP', 'Shipped')],
    });
    expect(text).toContain('Комплектуется');
    expect(text).toContain('Отгружен');
    expect(text).not.toContain('Shipped');
  });

  it('writes an unknown code as the warehouse describes it', () => {
    const { text } = renderSummary({
      lang: 'lv',
      name: 'Anna',
      total: 1,
      items: [statusItem('XQ9', 'On hold')],
    });
    expect(text).toContain('Komplektē');
    expect(text).toContain('On hold');
  });
});
