import { discussions } from '@extranet/contract';
import type { TFunction } from 'i18next';
import { slotText } from './slot-time';
import { orderStatusName } from './warehouse-status';

/**
 * How comments read, shared by the discussion threads and the header's notifications: system
 * comments (is_dict) become sentences in the current language (SPEC.md §2 'Discussion view').
 */
const PROGRESSES: readonly string[] = discussions.ORDER_PROGRESSES;

function progressName(t: TFunction, progress: string): string {
  return PROGRESSES.includes(progress)
    ? t(`discussions.progress.${progress}`)
    : progress || t('discussions.progress.unknown');
}

function statusName(t: TFunction, status: { code: string | null; desc: string | null }): string {
  return orderStatusName(t, status) ?? t('discussions.progress.unknown');
}

export function commentText(t: TFunction, text: discussions.CommentText): string {
  if (typeof text === 'string') return text;
  if (text.code === 'webhook_endpoint_paused') return t('webhooks.pausedNotice', { url: text.url });
  if (text.code === 'order_document_added') {
    return t('discussions.system.documentAdded', {
      type: t(`orders.documentType.${text.type}`),
      name: text.name,
    });
  }
  if (text.code === 'order_slot_changed') {
    const reason = text.reason ?? '';
    if (!text.slot) return t('discussions.system.slotCancelled', { reason });
    return t('discussions.system.slotMoved', { slot: slotText(text.slot), reason });
  }
  if (text.code === 'order_progress_changed') {
    return t('discussions.system.progressChanged', {
      from: progressName(t, text.old),
      to: progressName(t, text.new),
    });
  }
  return t('discussions.system.statusChanged', {
    from: statusName(t, text.old),
    to: statusName(t, text.new),
  });
}

/** The author of a comment: full name, else username, else 'system'. */
export function authorName(t: TFunction, user: discussions.Author): string {
  return user?.fio || user?.username || t('discussions.system.author');
}
