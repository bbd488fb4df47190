import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sessionToken } from '../../shared/session';
import { makeSession, renderApp, stubApi } from '../../test/render-app';

const LATEST = 500;
/** The pixels each comment takes in the thread: the test DOM lays nothing out. */
const ROW = 40;

function comment(position: number) {
  return {
    comment_id: 1000 + position,
    user_id: 8,
    user: { user_id: 8, username: 'dispatcher', fio: null },
    creation_date: { $datetime: '2026-11-20T10:00:00.000Z' },
    is_dict: false,
    text: `Comment ${position}`,
    files: [],
  };
}

/** A fake server holding one broadcast discussion of `count` comments, which may grow. */
function server(count: number) {
  const thread = Array.from({ length: count }, (_, index) => comment(index + 1));
  const api = stubApi({
    '/auth/get_session': () => ({ body: makeSession() }),
    '/discussions/get_discussion_general': () => ({
      body: {
        discussion_id: 5,
        name: 'Long talk',
        company_id: 1,
        company: { name: 'Baltic Foods' },
        visibility: 'broadcast',
        order: null,
        purch_head_id: null,
        sales_head_id: null,
        modification_date: { $datetime: '2026-11-20T10:00:00.000Z' },
        files: [],
        comments: thread.slice(-LATEST),
        more_comments: thread.length > LATEST,
        members: [],
      },
    }),
    '/discussions/list_comments': (body) => {
      const { before_comment_id, count } = body as { before_comment_id: number; count: number };
      const end = thread.findIndex((item) => item.comment_id === before_comment_id);
      return { body: { items: thread.slice(Math.max(0, end - count), end), more: end - count > 0 } };
    },
  });
  return { api, add: () => thread.push(comment(thread.length + 1)) };
}

/** Each comment's text, read straight from the DOM: a query per comment, polled, costs seconds. */
const shown = () =>
  screen.getAllByTestId('comment').map((item) => item.textContent?.match(/Comment \d+/)?.[0]);
const positions = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => `Comment ${from + index}`);

/**
 * Role queries without the visibility check: it reads every element's computed style up the tree,
 * seconds a query over 650 comments. Nothing on this screen is hidden.
 */
const BIG_DOM = { hidden: true } as const;

// A whole screen with a long thread: slow on a busy machine.
const SCREEN_TIMEOUT = 120_000;

describe('a long discussion thread', () => {
  it(
    'prepends earlier comments page by page, keeps the comment in view, and stays whole on refresh',
    async () => {
      const { api, add } = server(650);
      sessionToken.set('code-1');
      await renderApp('/discussions/view/5');
      const user = userEvent.setup();

      const viewport = await screen.findByRole(
        'region',
        { name: 'Messages', ...BIG_DOM },
        { timeout: 10_000 },
      );
      await waitFor(() => expect(shown()).toEqual(positions(151, 650)));
      Object.defineProperty(viewport, 'scrollHeight', {
        configurable: true,
        get: () => viewport.querySelectorAll('[data-testid="comment"]').length * ROW,
      });
      // The reader looks at Comment 351, 200 rows below the top and 300 above the bottom.
      viewport.scrollTop = 200 * ROW;

      await user.click(screen.getByRole('button', { name: 'Show earlier comments', ...BIG_DOM }));
      await waitFor(() => expect(shown()).toEqual(positions(51, 650)));
      expect(viewport.scrollTop).toBe(300 * ROW);
      expect(
        api.calls.filter((call) => call.path === '/discussions/list_comments').map((call) => call.body),
      ).toEqual([{ discussion_id: 5, before_comment_id: comment(151).comment_id, count: 100 }]);

      // A new comment moves the latest 500 on by one: the earlier page follows them, without a gap.
      add();
      await user.click(screen.getByRole('button', { name: 'Refresh the discussion', ...BIG_DOM }));
      await waitFor(() => expect(shown()).toEqual(positions(52, 651)));

      const earlier = screen.getByRole('button', { name: 'Show earlier comments', ...BIG_DOM });
      earlier.focus();
      await user.keyboard('{Enter}');
      await waitFor(() => expect(shown()).toEqual(positions(1, 651)));
      expect(screen.queryByRole('button', { name: 'Show earlier comments', ...BIG_DOM })).toBeNull();
      expect(document.activeElement).toBe(viewport);
    },
    SCREEN_TIMEOUT,
  );
});
