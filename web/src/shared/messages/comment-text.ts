import { discussions, wms } from '@extranet/contract';
import type { TFunction } from 'i18next';

/**
 * How comments read, shared by the discussion threads and the header's notifications: system
 * comments (is_dict) become sentences in the current language (SPEC.md §2 'Discussion view').
 */
export function commentText(t: TFunction, text: discussions.CommentText): string {
  if (typeof text === 'string') return text;
  return discussions.systemSentence(t, text, wms.KNOWN_ORDER_STATUSES);
}

/**
 * The author of a comment: full name, else username, else 'system'; for a change of an order, the
 * warehouse or the API key it was made through (`text`).
 */
export function authorName(
  t: TFunction,
  user: discussions.Author,
  text: discussions.CommentText = '',
): string {
  return discussions.changeAuthorName(t, user, text);
}
