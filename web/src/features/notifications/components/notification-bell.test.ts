import type { notifications } from '@extranet/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n';
import { notificationPath, shortenText } from './notification-bell';
import { subjectText } from './notification-subject';

function item(discussion: notifications.NotificationItem['discussion']): notifications.NotificationItem {
  return {
    notification_id: 1,
    ntfy_type: 'nrml',
    seen: false,
    read: false,
    subject: { discussion_name: 'Order', order: null },
    user: null,
    is_dict: false,
    text: 'x',
    with_files: false,
    discussion,
    creation_date: new Date(),
  };
}

describe('notification bell', () => {
  // Each language's words load when first shown; this reads every language directly.
  beforeAll(() => i18n.loadLanguages(['ru', 'lv']));

  it('cuts texts longer than 50 characters and marks the cut', () => {
    expect(shortenText('a'.repeat(50))).toBe('a'.repeat(50));
    expect(shortenText('b'.repeat(51))).toBe(`${'b'.repeat(50)}...`);
  });

  it('leads to the purchase order, the sales order or the discussion', () => {
    expect(notificationPath(item({ discussion_id: 3, purch_head_id: 7, sales_head_id: null }))).toBe(
      '/orders/purch/view/7',
    );
    expect(notificationPath(item({ discussion_id: 3, purch_head_id: null, sales_head_id: 8 }))).toBe(
      '/orders/sales/view/8',
    );
    expect(notificationPath(item({ discussion_id: 3, purch_head_id: null, sales_head_id: null }))).toBe(
      '/discussions/view/3',
    );
  });

  it("names what a notification is about in the reader's language: the order, or the discussion", () => {
    const order = { warehouse_code: null, is_template: false } as const;
    const purch = { ...order, kind: 'purch', head_id: 7, external_code: 'PO-7' } as const;
    const template = { ...order, kind: 'sales', head_id: 9, external_code: null, is_template: true } as const;
    // Sent without a code of its own: named by the warehouse's number.
    const sent = {
      ...order,
      kind: 'sales',
      head_id: 11,
      external_code: null,
      warehouse_code: 'W-0011',
    } as const;
    const names = (lang: string) => {
      const t = i18n.getFixedT(lang);
      return [
        subjectText(t, { discussion_name: 'News', order: null }),
        subjectText(t, { discussion_name: 'PO-7', order: purch }),
        subjectText(t, { discussion_name: '#9', order: template }),
        subjectText(t, { discussion_name: '#11', order: sent }),
      ];
    };
    expect(names('en')).toEqual([
      'News',
      'Purchase order PO-7',
      'Sales order template #9',
      'Sales order W-0011',
    ]);
    expect(names('ru')).toEqual([
      'News',
      'Заказ на закупку PO-7',
      'Шаблон заказа на продажу #9',
      'Заказ на продажу W-0011',
    ]);
    expect(names('lv')).toEqual([
      'News',
      'Iepirkuma pasūtījums PO-7',
      'Pārdošanas pasūtījuma veidne #9',
      'Pārdošanas pasūtījums W-0011',
    ]);
  });
});
