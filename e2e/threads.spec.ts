import { api, apiLogin, DEMO, expect, expectAccessible, signIn, test } from './fixtures';

// A long thread shows its latest 500 comments and the earlier ones on demand. Its own
// private discussion notifies nobody, so it runs beside the warehouse specs.

// Seeding 510 comments through the API takes a while on a busy machine.
test.describe.configure({ timeout: 300_000 });

const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

test('a thread beyond its latest 500 comments shows the earlier ones on demand', async ({ page }) => {
  const operator = await apiLogin(page, DEMO.operator);
  const companies = await api<{ items: { company_id: number }[] }>(
    page,
    '/auth/list_linked_companies',
    {},
    operator,
  );
  const company = companies.items[0]!;
  const name = `E2E long thread ${suffix}`;
  const opening = `The very first comment ${suffix}`;
  // Private and without chosen users: 510 comments notify nobody.
  const created = await api<{ discussion_id: number }>(
    page,
    '/discussions/add_discussion_private',
    { company_id: company.company_id, name, text: opening },
    operator,
  );
  const replies = 510;
  for (let sent = 0; sent < replies; sent += 20) {
    const batch = Array.from({ length: Math.min(20, replies - sent) }, (_, index) =>
      api(
        page,
        '/discussions/add_comment_general',
        { discussion_id: created.discussion_id, text: `Reply ${sent + index + 1}` },
        operator,
      ),
    );
    for (const answer of await Promise.all(batch)) expect(answer).toHaveProperty('comment_id');
  }
  const last = await api(
    page,
    '/discussions/add_comment_general',
    { discussion_id: created.discussion_id, text: `The latest comment ${suffix}` },
    operator,
  );
  expect(last).toHaveProperty('comment_id');

  await signIn(page, DEMO.operator, `/discussions/view/${created.discussion_id}`);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  const thread = page.getByRole('region', { name: 'Messages' });
  const comments = thread.getByTestId('comment');
  await expect(comments).toHaveCount(500);
  await expect(comments.last()).toContainText(`The latest comment ${suffix}`);
  await expect(comments.last()).toBeInViewport();
  const earlier = page.getByRole('button', { name: 'Show earlier comments' });
  await expect(earlier).toBeAttached();
  await page.mouse.move(0, 0);
  await expectAccessible(page);

  const message = page.getByRole('textbox', { name: 'Message', exact: true });
  const formBefore = await message.boundingBox();
  // Focus brings the button, and the oldest comment shown, into view.
  await earlier.focus();
  await expect(comments.first()).toBeInViewport();
  await page.keyboard.press('Enter');

  const total = replies + 2;
  await expect(comments).toHaveCount(total);
  await expect(earlier).toHaveCount(0);
  // The reader stays at the comment they were looking at, above which the earlier ones arrived,
  // and the form does not move.
  await expect(comments.nth(total - 500)).toBeInViewport();
  await expect(comments.first()).not.toBeInViewport();
  expect(await message.boundingBox()).toEqual(formBefore);
  await expect(thread).toBeFocused();

  await comments.first().scrollIntoViewIfNeeded();
  await expect(comments.first()).toContainText(opening);
  await expect(comments.first()).toBeInViewport();
  await expectAccessible(page);
});
