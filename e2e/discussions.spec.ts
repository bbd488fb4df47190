import type { Page } from '@playwright/test';
import { api, apiLogin, clearBell, DEMO, expect, expectAccessible, signIn, test } from './fixtures';

// Discussions of every kind, comments with files, and the header notification bell.

// Sign-ins hash passwords (argon2) on a machine shared with other work: allow for it.
test.describe.configure({ timeout: 300_000 });

const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

interface ListPage<T> {
  items: T[];
}

/** Waits until a toast has closed by itself, so that the next accessibility check sees the page only. */
/** Closes the toast with this text (instead of waiting for it to close by itself). */
async function toastGone(page: Page, text: string) {
  const toast = page.locator('.mantine-Notification-root').filter({ hasText: text });
  for (const close of await toast.locator('.mantine-Notification-closeButton').all()) {
    await close.click({ timeout: 1_000 }).catch(() => {
      // Closed by itself meanwhile.
    });
  }
  await expect(page.getByText(text, { exact: true })).toHaveCount(0, { timeout: 15_000 });
}

/** The input of a select: a combobox (single) or the search box of a multi-select. */
function selectInput(page: Page, label: string) {
  return page
    .getByRole('combobox', { name: label, exact: true })
    .or(page.getByRole('textbox', { name: label, exact: true }));
}

/** Opens a select and picks an option (the first one when no name is given). */
async function pick(page: Page, label: string, option?: string | RegExp) {
  await selectInput(page, label).click();
  const options = page.getByRole('option', option === undefined ? {} : { name: option });
  await options.first().click();
}

/** The operator's company, which the manager shares, and the manager's user id in it. */
async function sharedCompany(page: Page, operatorToken: string) {
  const companies = await api<ListPage<{ company_id: number; name: string }>>(
    page,
    '/auth/list_linked_companies',
    {},
    operatorToken,
  );
  const company = companies.items[0]!;
  const users = await api<ListPage<{ user_id: number; username: string }>>(
    page,
    '/discussions/list_users',
    { filters: { company_id: company.company_id }, count: 100 },
    operatorToken,
  );
  const manager = users.items.find((user) => user.username === DEMO.manager.username)!;
  return { company, managerId: manager.user_id };
}

test('creates a discussion of each kind and remembers the last tab', async ({ page }) => {
  await signIn(page, DEMO.operator, '/discussions/add/normal');
  await expect(page.getByRole('heading', { name: 'New discussion', level: 1 })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Discussions' })
    .click();
  await expect(page).toHaveURL(/\/discussions$/);
  await expect(page.getByRole('heading', { name: 'Discussions', level: 1 })).toBeVisible();
  await page.mouse.move(0, 0);
  // The regular tab comes first for a new browser.
  await expect(page.getByRole('tab', { name: 'Regular' })).toHaveAttribute('aria-selected', 'true');
  await expectAccessible(page);

  const kinds = [
    { tab: 'Broadcast', path: 'broadcast', title: 'New broadcast', users: false },
    { tab: 'Regular', path: 'normal', title: 'New discussion', users: true },
    { tab: 'Private', path: 'private', title: 'New private discussion', users: true },
  ];
  for (const kind of kinds) {
    const name = `E2E ${kind.tab} ${suffix}`;
    await page.goto('/discussions');
    await page.getByRole('tab', { name: kind.tab }).click();
    const add = page.getByRole('link', { name: 'New', exact: true });
    await expect(add).toHaveAttribute('href', `/discussions/add/${kind.path}`);
    await add.click();
    await expect(page.getByRole('heading', { name: kind.title, level: 1 })).toBeVisible();

    // Company, name and message are required.
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('This field is required')).toHaveCount(3);
    await toastGone(page, 'Input form has errors. Please fix them before save!');

    await pick(page, 'Company');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await page.getByRole('textbox', { name: 'Message', exact: true }).fill(`Opening message of ${name}`);
    const users = selectInput(page, 'Users');
    if (kind.users) {
      await pick(page, 'Users', new RegExp(`\\(${DEMO.manager.username}\\)`));
      // A multi-select stays open for more choices.
      await page.keyboard.press('Escape');
    } else await expect(users).toHaveCount(0);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Create' }).click();

    await expect(page).toHaveURL(/\/discussions\/view\/\d+$/);
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    const comment = page.getByTestId('comment').first();
    await expect(comment).toContainText(`Opening message of ${name}`);
    await expect(comment).toHaveAttribute('data-outgoing', 'true');
    await expectAccessible(page);

    await page
      .getByRole('navigation', { name: 'Breadcrumbs' })
      .getByRole('link', { name: 'Discussions' })
      .click();
    await expect(page.getByRole('tab', { name: kind.tab })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('searchbox', { name: 'Name' }).fill(suffix);
    await expect(page.locator('table tbody tr')).toHaveCount(1);
    await expect(page.locator('table tbody tr').first()).toContainText(name);
  }

  // The last tab is remembered in this browser.
  await page.goto('/discussions');
  await expect(page.getByRole('tab', { name: 'Private' })).toHaveAttribute('aria-selected', 'true');
});

test('comments with a file, and the file downloads with its name', async ({ page }) => {
  const operator = await apiLogin(page, DEMO.operator);
  const { company } = await sharedCompany(page, operator);
  const name = `E2E files ${suffix}`;
  const created = await api<{ discussion_id: number }>(
    page,
    '/discussions/add_discussion_normal',
    { company_id: company.company_id, name, text: 'Please attach the delivery note.' },
    operator,
  );

  await signIn(page, DEMO.operator, `/discussions/view/${created.discussion_id}`);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();

  // Sending without a message is refused.
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('This field is required')).toBeVisible();
  await toastGone(page, 'Input form has errors. Please fix them before save!');

  const fileName = `Piegādes pavadzīme ${suffix}.txt`;
  await page.locator('input[type=file]').setInputFiles({
    name: fileName,
    mimeType: 'text/plain',
    buffer: Buffer.from('Delivery note: 12 pallets'),
  });
  const attachment = page.getByTestId('attachment');
  await expect(attachment).toContainText(fileName);
  await expect(attachment.getByLabel('Uploaded')).toBeVisible();

  // A type outside the configured list never leaves the browser.
  await page.locator('input[type=file]').setInputFiles({
    name: 'tool.exe',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from('MZ'),
  });
  await expect(page.getByRole('alert').filter({ hasText: 'tool.exe' })).toBeVisible();
  await expect(page.getByTestId('attachment')).toHaveCount(1);
  await expectAccessible(page);

  await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Here is the delivery note.');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Comment posted')).toBeVisible();

  const comment = page.getByTestId('comment').filter({ hasText: 'Here is the delivery note.' });
  await expect(comment).toBeVisible();
  // The form starts empty again.
  await expect(page.getByTestId('attachment')).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Message', exact: true })).toHaveValue('');

  const downloading = page.waitForEvent('download');
  await comment.getByRole('button', { name: fileName }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(fileName);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).toString('utf8')).toBe('Delivery note: 12 pallets');
  await toastGone(page, 'Comment posted');
  await expectAccessible(page);
});

test('the bell shows a new comment of another user, opens it and clears the badge', async ({ page }) => {
  const operator = await apiLogin(page, DEMO.operator);
  const { company, managerId } = await sharedCompany(page, operator);
  const name = `E2E bell ${suffix}`;
  const created = await api<{ discussion_id: number }>(
    page,
    '/discussions/add_discussion_private',
    { company_id: company.company_id, name, text: 'Just the two of us.', users: [managerId] },
    operator,
  );

  await signIn(page, DEMO.manager, '/discussions');
  await expect(page.getByRole('heading', { name: 'Discussions', level: 1 })).toBeVisible();
  // Whatever was there before is seen.
  await clearBell(page);

  const text = `A new comment for the manager, long enough to be cut in the dropdown ${suffix}`;
  await api(
    page,
    '/discussions/add_comment_general',
    { discussion_id: created.discussion_id, text },
    operator,
  );

  // It arrives within one session refresh (10 seconds).
  await expect(page.getByTestId('notification-badge')).toHaveAttribute('data-new', 'true', {
    timeout: 15_000,
  });
  await expect(page.getByRole('button', { name: 'Notifications (new)' })).toBeVisible();
  await page.getByTestId('notification-bell').click();
  const item = page.getByTestId('notification-item').first();
  await expect(item).toContainText(`${text.slice(0, 50)}...`);
  await expect(item).toContainText('Sergejs');
  await expect(page.getByTestId('notification-badge')).not.toHaveAttribute('data-new', 'true');
  await expectAccessible(page);

  await item.click();
  await expect(page).toHaveURL(new RegExp(`/discussions/view/${created.discussion_id}$`));
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  const comment = page.getByTestId('comment').filter({ hasText: text });
  await expect(comment).toBeVisible();
  await expect(comment).not.toHaveAttribute('data-outgoing', 'true');

  // The badge stays clear after the next session refresh (every 10 seconds).
  await page.waitForResponse((response) => response.url().endsWith('/api/auth/get_session'), {
    timeout: 15_000,
  });
  // Once the answer is on screen.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await expect(page.getByTestId('notification-badge')).not.toHaveAttribute('data-new', 'true');
});

test('the Notifications page lists every notification with its subject, and following one reads it', async ({
  page,
}) => {
  const operator = await apiLogin(page, DEMO.operator);
  const { company, managerId } = await sharedCompany(page, operator);
  const name = `E2E notified ${suffix}`;
  const created = await api<{ discussion_id: number }>(
    page,
    '/discussions/add_discussion_private',
    { company_id: company.company_id, name, text: 'Please check the pallets.', users: [managerId] },
    operator,
  );

  await signIn(page, DEMO.manager, '/notifications?unread=1');
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  const row = page.getByTestId('notification-row').filter({ hasText: name });
  await expect(row).toHaveAttribute('data-read', 'false');
  await expect(row).toContainText('Please check the pallets.');
  await expect(row.getByText('New', { exact: true })).toBeVisible();
  await expectAccessible(page);

  await row.getByRole('link', { name }).click();
  await expect(page).toHaveURL(new RegExp(`/discussions/view/${created.discussion_id}$`));
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();

  // Read now: no longer among the unread, and back among all as read.
  await page.goto('/notifications?unread=1');
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  await expect(page.getByTestId('notification-row').filter({ hasText: name })).toHaveCount(0);
  await page.locator('label').filter({ hasText: /^All$/ }).click();
  await expect(page).toHaveURL(/\/notifications$/);
  const read = page.getByTestId('notification-row').filter({ hasText: name });
  await expect(read).toHaveAttribute('data-read', 'true');
  // Unread again by its button, then every one read at once.
  await read.getByRole('button', { name: 'Mark unread' }).click();
  await expect(read).toHaveAttribute('data-read', 'false');
  await page.getByRole('button', { name: 'Mark all read' }).click();
  await expect(read).toHaveAttribute('data-read', 'true');
  await page.goto('/notifications?unread=1');
  await expect(page.getByText('No unread notifications')).toBeVisible();

  // The bell leads here too.
  await page.getByTestId('notification-bell').click();
  await page.getByRole('link', { name: 'All notifications' }).click();
  await expect(page).toHaveURL(/\/notifications$/);
});

test('a private discussion names its members, links its web addresses, and is marked unread until opened', async ({
  page,
}) => {
  const operator = await apiLogin(page, DEMO.operator);
  const { company, managerId } = await sharedCompany(page, operator);
  const people = await api<ListPage<{ user_id: number; username: string; fio: string | null }>>(
    page,
    '/discussions/list_users',
    { filters: { company_id: company.company_id }, count: 100 },
    operator,
  );
  const nameOf = (username: string) => {
    const user = people.items.find((item) => item.username === username)!;
    return user.fio || user.username;
  };
  const name = `E2E members ${suffix}`;
  const created = await api<{ discussion_id: number }>(
    page,
    '/discussions/add_discussion_private',
    {
      company_id: company.company_id,
      name,
      text: `Tracking: https://example.com/track?id=${suffix}. Not a link: javascript:alert(1)`,
      users: [managerId],
    },
    operator,
  );

  // Unread in the manager's list until the manager opens it.
  await signIn(page, DEMO.manager, '/discussions?tab=private');
  await page.getByRole('searchbox', { name: 'Name' }).fill(suffix);
  const row = page.locator('table tbody tr').filter({ hasText: name });
  await expect(row.getByTestId('discussion-name')).toHaveAttribute('data-unread', 'true');
  await expect(row.getByText('New', { exact: true })).toBeVisible();
  await page.mouse.move(0, 0);
  await expectAccessible(page);
  await row.getByRole('link', { name }).click();

  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  const members = page.getByTestId('discussion-members');
  await expect(members).toContainText('Members:');
  await expect(members).toContainText(nameOf(DEMO.operator.username));
  await expect(members).toContainText(nameOf(DEMO.manager.username));
  const link = page.getByTestId('comment').getByRole('link', { name: /example\.com\/track/ });
  await expect(link).toHaveAttribute('href', `https://example.com/track?id=${suffix}`);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  // The full stop after the address is not part of it; the script address stays text.
  await expect(link).toHaveText(
    new RegExp(`^https://example\\.com/track\\?id=${suffix} ?\\(opens in a new tab\\)$`),
    {
      useInnerText: false,
    },
  );
  await expect(page.getByTestId('comment').getByRole('link')).toHaveCount(1);
  await expect(page.getByTestId('comment')).toContainText('Not a link: javascript:alert(1)');
  await expectAccessible(page);

  await page
    .getByRole('navigation', { name: 'Breadcrumbs' })
    .getByRole('link', { name: 'Discussions' })
    .click();
  await page.getByRole('searchbox', { name: 'Name' }).fill(suffix);
  await expect(row.getByTestId('discussion-name')).toHaveAttribute('data-unread', 'false');
  await expect(row.getByText('New', { exact: true })).toHaveCount(0);

  // A new comment of someone else marks it again; the manager's own does not.
  await api(
    page,
    '/discussions/add_comment_general',
    { discussion_id: created.discussion_id, text: 'One more thing' },
    operator,
  );
  await page.getByRole('button', { name: 'Refresh the list' }).click();
  await expect(row.getByTestId('discussion-name')).toHaveAttribute('data-unread', 'true');
  await row.getByRole('link', { name }).click();
  await expect(page.getByTestId('comment').filter({ hasText: 'One more thing' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Thanks, seen.');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('comment').filter({ hasText: 'Thanks, seen.' })).toBeVisible();
  await page.goto(`/discussions?tab=private&q=${suffix}`);
  await expect(row.getByTestId('discussion-name')).toHaveAttribute('data-unread', 'false');
});

test('a name of 185 characters without a space wraps instead of widening the page', async ({ page }) => {
  const operator = await apiLogin(page, DEMO.operator);
  const { company } = await sharedCompany(page, operator);
  const word = `Ilgs${suffix}`.padEnd(185, 'x');
  const created = await api<{ discussion_id: number }>(
    page,
    '/discussions/add_discussion_normal',
    { company_id: company.company_id, name: word, text: `${word} ${word}` },
    operator,
  );

  const fitsTheScreen = async () => {
    const { scrollWidth, width } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      width: window.innerWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(width);
  };

  await signIn(page, DEMO.operator, `/discussions/view/${created.discussion_id}`);
  const title = page.getByRole('heading', { name: word, level: 1 });
  await expect(title).toBeVisible();
  await expect(page.getByTestId('comment').first()).toContainText(word);
  await fitsTheScreen();
  // The title and the last crumb take several lines.
  expect((await title.boundingBox())!.height).toBeGreaterThan(60);
  const crumb = page.getByRole('navigation', { name: 'Breadcrumbs' }).getByText(word);
  expect((await crumb.boundingBox())!.height).toBeGreaterThan(30);
  await page.mouse.move(0, 0);
  await expectAccessible(page);

  await page.goto(`/discussions?tab=normal&q=${suffix}`);
  await expect(page.getByRole('link', { name: word })).toBeVisible();
  await fitsTheScreen();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/discussions/view/${created.discussion_id}`);
  await expect(title).toBeVisible();
  await fitsTheScreen();
  await page.goto(`/discussions?tab=normal&q=${suffix}`);
  await expect(page.getByRole('link', { name: word }).first()).toBeVisible();
  await fitsTheScreen();
});
