import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../shared/i18n';
import { LinkedText, textParts } from './components/linked-text';

describe('web addresses in comments', () => {
  it('become parts of their own, the text around them kept as it was', () => {
    expect(textParts('See https://example.com/track?id=7, then call.')).toEqual([
      { text: 'See ' },
      { text: 'https://example.com/track?id=7', href: 'https://example.com/track?id=7' },
      { text: ', then call.' },
    ]);
    expect(textParts('http://a.example and https://b.example/x')).toEqual([
      { text: 'http://a.example', href: 'http://a.example' },
      { text: ' and ' },
      { text: 'https://b.example/x', href: 'https://b.example/x' },
    ]);
  });

  it('are only http and https ones written out', () => {
    for (const text of [
      'javascript:alert(1)',
      'mailto:clerk@example.com',
      'clerk@example.com',
      'ftp://files.example.com/a',
      '//example.com/a',
      'example.com',
      'data:text/html,<script>alert(1)</script>',
    ]) {
      expect(textParts(text)).toEqual([{ text }]);
    }
  });

  it('open in a new tab without an opener or a referrer, and markup stays text', () => {
    render(
      <MantineProvider>
        <LinkedText text={'<b>Tracking</b>: https://example.com/t/1 "quoted"'} />
      </MantineProvider>,
    );
    const link = screen.getByRole('link', { name: /^https:\/\/example\.com\/t\/1 ?\(opens in a new tab\)$/ });
    expect(link.getAttribute('href')).toBe('https://example.com/t/1');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(document.querySelector('b')).toBeNull();
    expect(document.body.textContent).toContain('<b>Tracking</b>: https://example.com/t/1');
  });
});
