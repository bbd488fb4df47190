import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import { failureReason } from './failure-reason';

describe('failure reason', () => {
  // Each language's words load when first shown; these read Russian and Latvian directly.
  beforeAll(() => i18n.loadLanguages(['ru', 'lv']));

  it("words the product's own failures in the reader's language, with the language's plural", () => {
    const failure = {
      failure_reason: 'No answer from the warehouse system after 5 attempts: timed out',
      failure_code: 'warehouse_unreachable',
      failure_params: { count: 5, error: 'timed out' },
    } as const;
    expect(failureReason(i18n.getFixedT('en'), failure)).toBe(failure.failure_reason);
    expect(failureReason(i18n.getFixedT('ru'), failure)).toBe(
      'Складская система не ответила после 5 попыток: timed out',
    );
    expect(
      failureReason(i18n.getFixedT('lv'), { ...failure, failure_params: { count: 21, error: 'x' } }),
    ).toBe('Noliktavas sistēma neatbildēja pēc 21 mēģinājuma: x');
  });

  it("keeps the warehouse's own words as given, and says nothing when there are none", () => {
    const ru = i18n.getFixedT('ru');
    const given = { failure_reason: 'Delivery date is a holiday', failure_code: null, failure_params: null };
    expect(failureReason(ru, given)).toBe('Delivery date is a holiday');
    expect(failureReason(ru, { ...given, failure_reason: null })).toBeNull();
  });
});
