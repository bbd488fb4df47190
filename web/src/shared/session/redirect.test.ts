import { describe, expect, it } from 'vitest';
import { safeRedirectTarget, withRedirectTo } from './redirect';

describe('safeRedirectTarget', () => {
  it('accepts a path of this site with its query', () => {
    expect(safeRedirectTarget('/orders/purch?page=2')).toBe('/orders/purch?page=2');
  });

  it.each([null, '', 'https://evil.example', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)'])(
    'refuses %s and falls back to the dashboard',
    (value) => {
      expect(safeRedirectTarget(value)).toBe('/');
    },
  );
});

describe('withRedirectTo', () => {
  it('carries the wanted path', () => {
    expect(withRedirectTo('/login', '/stock?x=1')).toBe('/login?redirectTo=%2Fstock%3Fx%3D1');
  });

  it('leaves it out for the dashboard', () => {
    expect(withRedirectTo('/login', '/')).toBe('/login');
  });
});
