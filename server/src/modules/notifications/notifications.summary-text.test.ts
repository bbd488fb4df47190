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

describe("the warehouse's documents and slot changes in a summary", () => {
  const item = (dict: SummaryItem['dict']): SummaryItem => ({
    creationDate: new Date('2026-11-24T10:00:00Z'),
    sender: null,
    discussion: { name: 'SO-1', order: null },
    text: null,
    dict,
    withFiles: false,
  });

  it('names the document type in the reader language, and a moved slot in the schedule zone', () => {
    const { text } = renderSummary({
      lang: 'lv',
      name: 'Anna',
      total: 2,
      items: [
        item({ code: 'order_document_added', type: 'pod', name: 'pod-1.pdf' }),
        item({
          code: 'order_slot_changed',
          slot: {
            starts_at: '2026-12-01T06:00:00.000Z',
            ends_at: '2026-12-01T07:00:00.000Z',
            time_zone: 'Europe/Riga',
          },
          reason: 'Dock 2 under repair',
        }),
      ],
    });
    expect(text).toContain('Piegādes apliecinājums, pod-1.pdf');
    expect(text).toContain('2026-12-01 08:00–09:00: Dock 2 under repair');
  });

  it('says when the warehouse cancelled the booking', () => {
    const { text } = renderSummary({
      lang: 'en',
      name: 'Anna',
      total: 1,
      items: [item({ code: 'order_slot_changed', slot: null, reason: 'The truck did not come' })],
    });
    expect(text).toContain('The warehouse cancelled the slot booking: The truck did not come');
  });
});
