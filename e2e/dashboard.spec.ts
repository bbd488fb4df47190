import { api, apiLogin, DEMO, expect, expectAccessible, signIn, test } from './fixtures';

// The dashboard's pie charts of order counts per status, each slice opening its list.

for (const kind of ['purch', 'sales'] as const) {
  test(`the ${kind} pie matches the ${kind} lists, slice by slice`, async ({ page }) => {
    // Two screens and a list call per slice: more time than a one-screen test on a busy machine.
    test.slow();
    await signIn(page, DEMO.manager);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    const pie = page.getByTestId(`status-pie-${kind}`);
    await expect(pie.getByRole('img')).toBeVisible();
    await expectAccessible(page);

    const slices = pie.getByRole('link');
    await expect(slices.first()).toBeVisible();
    const expected: Array<{ href: string; count: number }> = [];
    for (const slice of await slices.all()) {
      expected.push({
        href: (await slice.getAttribute('href')) ?? '',
        count: Number(await slice.getAttribute('data-count')),
      });
    }
    expect(expected.length).toBeGreaterThan(1);

    // The first slice is followed in the browser, as a user would; every slice is checked against
    // the list call the list screen makes.
    await slices.first().click();
    await expect(page).toHaveURL(new RegExp(`/orders/${kind}\\?progress=\\w+$`));
    await expect(
      page.getByText(new RegExp(`^1–\\d+ of ${expected[0]?.count.toLocaleString('en')}$`)),
    ).toBeVisible();
    await expectAccessible(page);
    const token = await apiLogin(page, DEMO.manager);
    for (const slice of expected) {
      const progress = new URL(slice.href, 'http://x').searchParams.get('progress');
      const list = await api<{ total: number }>(
        page,
        `/orders/${kind}/list_orders`,
        { filters: { progress, is_template: false }, count: 1, with_total: true },
        token,
      );
      expect(list.total, `${kind} ${progress}`).toBe(slice.count);
    }
  });
}

test('the quick links draw their arrows alike, however long a description runs', async ({ page }) => {
  // A tablet's width in Russian: descriptions wrap onto two lines in some cards, not in others.
  await page.setViewportSize({ width: 768, height: 1024 });
  await signIn(page, DEMO.admin, '/config.json');
  await page.evaluate(() => window.localStorage.setItem('lang', 'ru'));
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Главная', level: 1 })).toBeVisible();
  const cards = page.locator('[data-testid^="quick-link-"]');
  await expect(cards.first()).toBeVisible();
  const arrows = cards.locator('> div > svg');
  await expect(arrows).toHaveCount(await cards.count());
  const widths = await arrows.evaluateAll((svgs) => svgs.map((svg) => svg.getBoundingClientRect().width));
  expect(new Set(widths)).toEqual(new Set([18]));
  await expectAccessible(page);
});
