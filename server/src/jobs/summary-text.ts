import type { discussions, Language } from '@extranet/contract';

interface Texts {
  subject(count: number): string;
  greeting(name: string, count: number): string;
  system: string;
  withFiles: string;
  more(count: number): string;
  footer: string;
  progressChanged(from: string, to: string): string;
  statusChanged(from: string, to: string): string;
  progress: Record<string, string>;
  unknown: string;
}

const TEXTS: Record<Language, Texts> = {
  en: {
    subject: (count) => `Partner extranet: ${count} new ${count === 1 ? 'message' : 'messages'}`,
    greeting: (name, count) =>
      `Hello ${name}, you have ${count} unread ${count === 1 ? 'notification' : 'notifications'}:`,
    system: 'system',
    withFiles: ' (with files)',
    more: (count) => `...and ${count} more.`,
    footer:
      'Open the extranet to read and answer them. You receive this summary because of the email summary setting of your profile.',
    progressChanged: (from, to) => `Order progress changed from ${from} to ${to}`,
    statusChanged: (from, to) => `Order status changed from ${from} to ${to}`,
    progress: {
      draft: 'Draft',
      ready: 'Ready',
      sent: 'Sent',
      failure: 'Failure',
      sync: 'In the warehouse',
      template: 'Template',
    },
    unknown: 'unknown',
  },
  ru: {
    subject: (count) => `Партнёрский экстранет: новых сообщений: ${count}`,
    greeting: (name, count) => `Здравствуйте, ${name}! Непрочитанных уведомлений: ${count}.`,
    system: 'система',
    withFiles: ' (с файлами)',
    more: (count) => `...и ещё ${count}.`,
    footer:
      'Откройте экстранет, чтобы прочитать их и ответить. Вы получаете эту сводку согласно настройке рассылки в вашем профиле.',
    progressChanged: (from, to) => `Состояние заказа изменено: ${from} → ${to}`,
    statusChanged: (from, to) => `Статус заказа изменён: ${from} → ${to}`,
    progress: {
      draft: 'Черновик',
      ready: 'Готов',
      sent: 'Отправлен',
      failure: 'Ошибка',
      sync: 'На складе',
      template: 'Шаблон',
    },
    unknown: 'неизвестно',
  },
  lv: {
    subject: (count) => `Partneru ekstranets: jauni ziņojumi: ${count}`,
    greeting: (name, count) => `Labdien, ${name}! Nelasīti paziņojumi: ${count}.`,
    system: 'sistēma',
    withFiles: ' (ar failiem)',
    more: (count) => `...un vēl ${count}.`,
    footer:
      'Atveriet ekstranetu, lai tos izlasītu un atbildētu. Jūs saņemat šo kopsavilkumu atbilstoši e-pasta kopsavilkuma iestatījumam jūsu profilā.',
    progressChanged: (from, to) => `Pasūtījuma stāvoklis mainīts: ${from} → ${to}`,
    statusChanged: (from, to) => `Pasūtījuma statuss mainīts: ${from} → ${to}`,
    progress: {
      draft: 'Melnraksts',
      ready: 'Gatavs',
      sent: 'Nosūtīts',
      failure: 'Kļūda',
      sync: 'Noliktavā',
      template: 'Veidne',
    },
    unknown: 'nezināms',
  },
};

export interface SummaryItem {
  creationDate: Date;
  sender: string | null;
  discussionName: string;
  text: string | null;
  dict: discussions.SystemText | null;
  withFiles: boolean;
}

export const SUMMARY_MAX_ITEMS = 50;
const TEXT_MAX = 300;

function sentence(texts: Texts, dict: discussions.SystemText): string {
  if (dict.code === 'order_progress_changed') {
    const name = (value: string) => texts.progress[value] ?? value;
    return texts.progressChanged(name(dict.old), name(dict.new));
  }
  const name = (value: { code: string | null; desc: string | null }) =>
    value.desc ?? value.code ?? texts.unknown;
  return texts.statusChanged(name(dict.old), name(dict.new));
}

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > TEXT_MAX ? `${flat.slice(0, TEXT_MAX)}...` : flat;
}

/** Times in UTC: the server does not know the reader's time zone. */
function formatTime(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** A plain-text digest in the user's language. */
export function renderSummary(options: {
  lang: Language;
  name: string;
  total: number;
  items: SummaryItem[];
}): { subject: string; text: string } {
  const texts = TEXTS[options.lang];
  const lines = options.items.map((item) => {
    const body = item.dict ? sentence(texts, item.dict) : shorten(item.text ?? '');
    const files = item.withFiles ? texts.withFiles : '';
    return `- ${formatTime(item.creationDate)}, ${item.sender ?? texts.system}, «${item.discussionName}»: ${body}${files}`;
  });
  const rest = options.total - options.items.length;
  return {
    subject: texts.subject(options.total),
    text: [
      texts.greeting(options.name, options.total),
      '',
      ...lines,
      ...(rest > 0 ? [texts.more(rest)] : []),
      '',
      texts.footer,
      '',
    ].join('\n'),
  };
}
