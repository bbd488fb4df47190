import { describe, expect, it } from 'vitest';
import { filtersFromUrl, orderingFromUrl, viewToUrl } from './url-state';

describe('a view and the URL state of its list', () => {
  it('reads an order list’s URL into wire-form filters, dates tagged', () => {
    const params = new URLSearchParams(
      'consignee=4&party=9&q=PO-7&from=2026-01-02&progress=draft&untracked=1&sort=-status&page=3',
    );
    expect(filtersFromUrl('sales_orders', params)).toEqual({
      consignee_id: 4,
      customer_id: 9,
      smart: 'PO-7',
      creation_date_from: { $date: '2026-01-02' },
      progress: 'draft',
      shipped_without_tracking: true,
      is_template: false,
    });
    expect(filtersFromUrl('purch_orders', params)).toMatchObject({ vendor_id: 9 });
    expect(filtersFromUrl('purch_orders', params)).not.toHaveProperty('shipped_without_tracking');
    expect(orderingFromUrl('sales_orders', params)).toBe('-status');
    expect(orderingFromUrl('sku', params)).toBeNull();
  });

  it('leaves out what the list would refuse (a bad id, an unknown progress)', () => {
    const params = new URLSearchParams('consignee=-1&progress=lost&tab=secret&company=2');
    expect(filtersFromUrl('purch_orders', params)).toEqual({ is_template: false });
    expect(filtersFromUrl('discussions', params)).toEqual({ company_id: 2 });
  });

  it('writes a view into the URL: its filters, its ordering, page 1, other filters cleared', () => {
    const current = new URLSearchParams('size=50&page=4&consignee=1&q=old&template=1');
    const { params, unshown } = viewToUrl(
      'purch_orders',
      {
        filters: { vendor_id: 3, creation_date_to: { $date: '2026-05-01' }, is_template: false },
        ordering: 'creation_date',
      },
      current,
    );
    expect(Object.fromEntries(params)).toEqual({
      size: '50',
      party: '3',
      to: '2026-05-01',
      sort: 'creation_date',
    });
    expect(unshown).toEqual([]);
  });

  it('names a filter the list’s URL cannot hold, and clears the sort of a view without one', () => {
    const { params, unshown } = viewToUrl(
      'sku',
      { filters: { business_line_id: 2, smart: 'tea' }, ordering: null },
      new URLSearchParams('sort=-name'),
    );
    expect(Object.fromEntries(params)).toEqual({ q: 'tea' });
    expect(unshown).toEqual(['business_line_id']);
  });

  it('round-trips each list’s URL through a view', () => {
    const cases: Array<[Parameters<typeof filtersFromUrl>[0], string]> = [
      ['stock', 'consignee=2&sku=5&q=milk'],
      ['users', 'role=7&company=3&q=ann'],
      ['discussions', 'tab=private&company=3&q=late'],
      ['purch_orders', 'consignee=2&party=4&from=2026-01-01&to=2026-02-01&template=1&progress=ready'],
    ];
    for (const [list, search] of cases) {
      const filters = filtersFromUrl(list, new URLSearchParams(search));
      const { params } = viewToUrl(list, { filters, ordering: null });
      expect(Object.fromEntries(params), list).toEqual(Object.fromEntries(new URLSearchParams(search)));
    }
  });
});
