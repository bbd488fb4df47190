import { discussions, type Language } from '@extranet/contract';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { type TranslateParams, translate } from '../../i18n';

export interface SummaryItem {
  creationDate: Date;
  sender: string | null;
  /** The notification's discussion: an order's one is named from its order. */
  discussion: { name: string; order: discussions.DiscussionOrder | null };
  text: string | null;
  dict: discussions.SystemText | null;
  withFiles: boolean;
}

export const SUMMARY_MAX_ITEMS = 50;
const TEXT_MAX = 300;

dayjs.extend(utc);
dayjs.extend(timezone);

type Translate = (key: string, params?: TranslateParams) => string;

const PROGRESSES: readonly string[] = discussions.ORDER_PROGRESSES;

/** A system comment as the web app's threads write it (web/src/shared/messages/comment-text.ts). */
function sentence(t: Translate, dict: discussions.SystemText): string {
  if (dict.code === 'webhook_endpoint_paused') return t('webhooks.pausedNotice', { url: dict.url });
  if (dict.code === 'order_document_added') {
    return t('discussions.system.documentAdded', {
      type: t(`orders.documentType.${dict.type}`),
      name: dict.name,
    });
  }
  if (dict.code === 'order_slot_changed') {
    const reason = dict.reason ?? '';
    if (!dict.slot) return t('discussions.system.slotCancelled', { reason });
    return t('discussions.system.slotMoved', { slot: slotText(dict.slot), reason });
  }
  if (dict.code === 'order_progress_changed') {
    const name = (value: string) =>
      PROGRESSES.includes(value)
        ? t(`discussions.progress.${value}`)
        : value || t('discussions.progress.unknown');
    return t('discussions.system.progressChanged', { from: name(dict.old), to: name(dict.new) });
  }
  // A code the product names is written in the reader's language, as on the web
  // (web/src/shared/messages/warehouse-status.ts); any other as the warehouse describes it.
  const name = (value: { code: string | null; desc: string | null }) => {
    const key = `warehouse.orderStatus.${value.code}`;
    const known = value.code ? t(key) : key;
    return known !== key ? known : value.desc || value.code || t('discussions.progress.unknown');
  };
  return t('discussions.system.statusChanged', { from: name(dict.old), to: name(dict.new) });
}

/** A slot as the schedule reads it: its day and hours in the zone it was booked in. */
function slotText(slot: { starts_at: string; ends_at: string; time_zone: string }): string {
  const start = dayjs(slot.starts_at).tz(slot.time_zone);
  const end = dayjs(slot.ends_at).tz(slot.time_zone);
  return `${start.format('YYYY-MM-DD HH:mm')}–${end.format('HH:mm')}`;
}

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > TEXT_MAX ? `${flat.slice(0, TEXT_MAX)}...` : flat;
}

/** Times in UTC, written the language's way: the server does not know the reader's time zone. */
function formatTime(lang: Language, date: Date): string {
  return new Intl.DateTimeFormat(lang, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(date);
}

/** A plain-text digest in the user's language, from the locale files the web app reads too. */
export function renderSummary(options: {
  lang: Language;
  name: string;
  total: number;
  items: SummaryItem[];
}): { subject: string; text: string } {
  const t: Translate = (key, params) => translate(options.lang, key, params);
  const lines = options.items.map((item) => {
    const body = item.dict ? sentence(t, item.dict) : shorten(item.text ?? '');
    const line = t('email.item', {
      time: formatTime(options.lang, item.creationDate),
      sender: item.sender ?? t('discussions.system.author'),
      subject: discussions.discussionName(t, item.discussion),
      text: item.withFiles ? `${body} ${t('email.withFiles')}` : body,
    });
    return `- ${line}`;
  });
  const rest = options.total - options.items.length;
  return {
    subject: t('email.subject', { count: options.total }),
    text: [
      t('email.greeting', { name: options.name, count: options.total }),
      '',
      ...lines,
      ...(rest > 0 ? [t('email.more', { count: rest })] : []),
      '',
      t('email.footer'),
      '',
    ].join('\n'),
  };
}
