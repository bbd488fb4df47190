import type { notifications } from '@extranet/contract';
import { describe, expect, it } from 'vitest';
import { notificationPath, shortenText } from './notification-bell';

function item(discussion: notifications.NotificationItem['discussion']): notifications.NotificationItem {
  return {
    notification_id: 1,
    ntfy_type: 'nrml',
    seen: false,
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
});
