import { Anchor, VisuallyHidden } from '@mantine/core';
import { linkifyit } from 'linkify-it';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Finds web addresses written out with their scheme (http:// or https://) and nothing else: no
 * mail, ftp or scheme-relative links, no guessing of bare domain names.
 */
const linkify = linkifyit({ fuzzyLink: false, fuzzyEmail: false, fuzzyIP: false })
  .add('ftp:', null)
  .add('mailto:', null)
  .add('//', null);

const WEB_ADDRESS = /^https?:\/\//i;

export interface TextPart {
  text: string;
  /** Set on a web address: where its link leads. */
  href?: string;
}

/** A comment's text cut into plain parts and web addresses, in order, losing no character. */
export function textParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const match of linkify.match(text) ?? []) {
    if (!WEB_ADDRESS.test(match.url)) continue;
    if (match.index > at) parts.push({ text: text.slice(at, match.index) });
    parts.push({ text: text.slice(match.index, match.lastIndex), href: match.url });
    at = match.lastIndex;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}

/**
 * Plain text with its web addresses as links that open in a new tab, without handing that tab a
 * way back to this one (noopener) or the address of this page (noreferrer). Everything is
 * rendered as text nodes: nothing in a comment becomes markup.
 */
export function LinkedText({ text }: { text: string }) {
  const { t } = useTranslation();
  return textParts(text).map((part, index) =>
    part.href ? (
      <Anchor
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in a fixed order.
        key={index}
        href={part.href}
        target="_blank"
        rel="noopener noreferrer"
        underline="always"
        inherit
      >
        {part.text}
        <VisuallyHidden> {t('discussions.thread.opensInNewTab')}</VisuallyHidden>
      </Anchor>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in a fixed order.
      <Fragment key={index}>{part.text}</Fragment>
    ),
  );
}
