import type { notifications } from '@extranet/contract';
import { describe, expect, it } from 'vitest';
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

  it('names what a notification is about: the order with its code, or the discussion', () => {
    const t = (key: string, options?: Record<string, unknown>) => `${key}:${JSON.stringify(options ?? {})}`;
    expect(subjectText(t, { discussion_name: 'News', order: null })).toBe('News');
    expect(
      subjectText(t, { discussion_name: 'x', order: { kind: 'purch', head_id: 7, external_code: 'PO-7' } }),
    ).toBe('notifications.subject.purch:{"code":"PO-7"}');
    expect(
      subjectText(t, { discussion_name: 'x', order: { kind: 'sales', head_id: 9, external_code: null } }),
    ).toBe('notifications.subject.sales:{"code":"#9"}');
  });
});
