import { describe, expect, it } from 'vitest';
import { translate } from './i18n';

describe('translate', () => {
  it('picks the plural form of each language for a count', () => {
    const subject = (lang: string, count: number) => translate(lang, 'email.subject', { count });
    expect([0, 1, 2].map((count) => subject('en', count))).toEqual([
      'Partner extranet: 0 new messages',
      'Partner extranet: 1 new message',
      'Partner extranet: 2 new messages',
    ]);
    expect([0, 1, 3, 5, 11, 21, 22].map((count) => subject('ru', count))).toEqual([
      'Партнёрский экстранет: 0 новых сообщений',
      'Партнёрский экстранет: 1 новое сообщение',
      'Партнёрский экстранет: 3 новых сообщения',
      'Партнёрский экстранет: 5 новых сообщений',
      'Партнёрский экстранет: 11 новых сообщений',
      'Партнёрский экстранет: 21 новое сообщение',
      'Партнёрский экстранет: 22 новых сообщения',
    ]);
    expect([0, 1, 2, 10, 21].map((count) => subject('lv', count))).toEqual([
      'Partneru ekstranets: 0 jaunu ziņojumu',
      'Partneru ekstranets: 1 jauns ziņojums',
      'Partneru ekstranets: 2 jauni ziņojumi',
      'Partneru ekstranets: 10 jaunu ziņojumu',
      'Partneru ekstranets: 21 jauns ziņojums',
    ]);
  });

  it("writes numbers the language's way", () => {
    expect(translate('en', 'email.more', { count: 15000 })).toBe('…and 15,000 more.');
    expect(translate('ru', 'email.more', { count: 15000 })).toBe('…и ещё 15\u00a0000.');
    expect(translate('lv', 'email.more', { count: 15000 })).toBe('…un vēl 15\u00a0000.');
    expect(translate('ru', 'catalogs.table.range', { from: 1, to: 10, total: 15234 })).toBe(
      '1–10 из 15\u00a0234',
    );
  });

  it('falls back to English for an unknown language, and to the key for an unknown key', () => {
    expect(translate('de', 'discussions.orderName.purch', { code: 'PO-1' })).toBe('Purchase order PO-1');
    expect(translate('lv', 'no.such.key')).toBe('no.such.key');
  });
});
