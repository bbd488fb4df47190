import { discussions, type Language, wms } from '@extranet/contract';
import { formatMailTime, type TranslateParams, translate } from '../../i18n';

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

type Translate = (key: string, params?: TranslateParams) => string;

/** A system comment as the web app's threads write it (one definition in the contract). */
function sentence(t: Translate, dict: discussions.SystemText): string {
  return discussions.systemSentence(t, dict, wms.KNOWN_ORDER_STATUSES);
}

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > TEXT_MAX ? `${flat.slice(0, TEXT_MAX)}...` : flat;
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
      time: formatMailTime(options.lang, item.creationDate),
      sender: item.dict
        ? discussions.changeAuthorName(
            t,
            item.sender === null ? null : { user_id: 0, username: item.sender, fio: null },
            item.dict,
          )
        : (item.sender ?? t('discussions.system.author')),
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
