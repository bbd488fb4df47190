import { describe, expect, it } from 'vitest';
import { KEY_SECRET_PATTERN, keyExpiryProblem, latestKeyExpiry } from './apikeys';

describe('API key expiry', () => {
  it('allows today up to the same day a year later', () => {
    expect(latestKeyExpiry('2026-11-25')).toBe('2027-11-25');
    expect(keyExpiryProblem('2026-11-25', '2026-11-25')).toBeUndefined();
    expect(keyExpiryProblem('2027-11-25', '2026-11-25')).toBeUndefined();
    expect(keyExpiryProblem('2027-11-26', '2026-11-25')).toBe('too_far');
    expect(keyExpiryProblem('2026-11-24', '2026-11-25')).toBe('past');
  });

  it('takes the 29th of February a year later as the 1st of March', () => {
    expect(latestKeyExpiry('2028-02-29')).toBe('2029-03-01');
    expect(latestKeyExpiry('2027-12-31')).toBe('2028-12-31');
  });
});

describe('API key secrets', () => {
  it('are the prefix and 43 base64url characters', () => {
    expect(KEY_SECRET_PATTERN.test(`exk_${'A1-_'.repeat(10)}abc`)).toBe(true);
    expect(KEY_SECRET_PATTERN.test(`exk_${'A'.repeat(42)}`)).toBe(false);
    expect(KEY_SECRET_PATTERN.test(`exk_${'A'.repeat(42)}=`)).toBe(false);
    expect(KEY_SECRET_PATTERN.test(`xk_${'A'.repeat(43)}`)).toBe(false);
  });
});
