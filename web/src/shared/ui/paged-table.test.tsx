import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTestPageConfig } from '../../test/page-config';
import { ApiError } from '../api';
import { i18n } from '../i18n';
import type { DataQuery } from './data-state';
import { PagedDataTable, useTableUrlState, useUrlSearch } from './paged-table';

type Row = { id: number; name: string; code: string; note: string };

const ROWS: Row[] = [
  { id: 1, name: 'Apples', code: 'A-1', note: '' },
  { id: 2, name: 'Pears', code: 'P-1', note: '' },
  { id: 3, name: 'Plums', code: 'P-2', note: '' },
];

type Rows = { items: Row[]; total?: number; total_capped?: true; more?: boolean };
const LOADED: DataQuery<Rows> = {
  data: { items: ROWS, total: 25 },
  isPending: false,
  isError: false,
  error: null,
  isFetching: false,
  refetch: () => {},
};

/** A table of the companies list's columns (its id names the columns a user may choose). */
function Table({ rows = LOADED }: { rows?: DataQuery<Rows> }) {
  const table = useTableUrlState({
    orderings: ['name', 'code'],
    defaultSort: { key: 'name', direction: 'asc' },
  });
  return (
    <PagedDataTable<Row>
      table={table}
      rows={rows}
      idAccessor="id"
      noRecordsText="No rows"
      tableId="companies"
      cardTitle={(row) => <strong>{row.name}</strong>}
      cardTitleColumns={['name']}
      columns={[
        { accessor: 'name', title: 'Name', sortable: true },
        { accessor: 'code', title: 'Code', sortable: true },
        { accessor: 'note', title: 'Note' },
        { accessor: 'users', title: 'Users', defaultHidden: true, render: (row) => `${row.id} users` },
      ]}
    />
  );
}

function SearchBox() {
  const table = useTableUrlState({ orderings: ['name'], defaultSort: { key: 'name', direction: 'asc' } });
  const search = useUrlSearch(table);
  return (
    <>
      <input aria-label="Search" type="search" value={search.value} onChange={search.onChange} />
      <output aria-label="Searched">{search.q}</output>
    </>
  );
}

let queryClient: QueryClient;

function renderTable(path: string, element = <Table />) {
  const router = createMemoryRouter([{ path: '/', element }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <MantineProvider env="test">
          <RouterProvider router={router} />
        </MantineProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return router;
}

/** The columns the user chose, as the server keeps them, and what the table asks of it. */
function stubColumnsApi(saved: { table: string; columns: string[] }[]) {
  const calls: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const path = url.replace(/^\/api/, '');
      const body = JSON.parse((init.body as string) ?? '{}');
      calls.push({ path, body });
      return new Response(JSON.stringify(path === '/auth/get_table_columns' ? { items: saved } : {}));
    }),
  );
  return calls;
}

// A sortable header is a button to screen readers: every header cell, by its place in the table.
const columnTitles = () => [...document.querySelectorAll('thead th')].map((cell) => cell.textContent);

const header = (title: string) => screen.getByText(title).closest('th') as HTMLElement;
const sortLabel = (title: string) => within(header(title)).getByRole('img').getAttribute('aria-label');

/** mantine-datatable renders a cell only when its media query matches; a phone matches its own. */
function screenWidth(kind: 'wide' | 'phone') {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query) =>
      ({
        matches: query.includes('max-width') ? kind === 'phone' : true,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as never,
  );
}

beforeEach(() => {
  screenWidth('wide');
  setTestPageConfig();
  stubColumnsApi([]);
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});

afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

describe('PagedDataTable', () => {
  it('names the sort state of sortable headers and the pages in the current language', async () => {
    await i18n.changeLanguage('ru');
    renderTable('/?page=2&size=10');

    expect(await screen.findByText('Plums')).toBeTruthy();
    expect(sortLabel('Name')).toBe('Отсортировано по возрастанию');
    expect(sortLabel('Code')).toBe('Не отсортировано');
    expect(within(header('Note')).queryByRole('img')).toBeNull();
    expect(screen.getByText('11–13 из 25')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Следующая страница' })).toBeTruthy();

    await act(() => i18n.changeLanguage('lv'));
    expect(sortLabel('Name')).toBe('Kārtots augošā secībā');
    expect(sortLabel('Code')).toBe('Nav kārtots');
  });

  it('writes a new sort into the URL, starts again at page 1 and names the new sort state', async () => {
    await i18n.changeLanguage('ru');
    const router = renderTable('/?page=3&size=20');
    const user = userEvent.setup();
    await screen.findByText('Plums');

    await user.click(header('Code'));
    expect(router.state.location.search).toBe('?size=20&sort=code');
    expect(sortLabel('Code')).toBe('Отсортировано по возрастанию');
    expect(sortLabel('Name')).toBe('Не отсортировано');

    await user.click(header('Code'));
    expect(router.state.location.search).toBe('?size=20&sort=-code');
    expect(sortLabel('Code')).toBe('Отсортировано по убыванию');
  });
});

describe('PagedDataTable states, columns and cards', () => {
  it('shows a failed list as the error with Retry, never as an empty list', async () => {
    const refetch = vi.fn();
    renderTable(
      '/',
      <Table
        rows={{ ...LOADED, data: undefined, isError: true, error: new ApiError('server_error'), refetch }}
      />,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(i18n.t('errors.server_error'));
    expect(screen.queryByText('No rows')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('shows the default columns, then the ones the user chose, and saves a new choice', async () => {
    const calls = stubColumnsApi([{ table: 'companies', columns: ['name', 'users'] }]);
    renderTable('/');
    const user = userEvent.setup();
    await waitFor(() => expect(columnTitles()).toEqual(['Name', 'Note', 'Users']));
    expect(screen.getByText('1 users')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Columns: 2 of 3 shown' }));
    const chooser = await screen.findByRole('group', { name: 'Shown columns' });
    await user.click(within(chooser).getByRole('checkbox', { name: 'Code' }));
    await waitFor(() => expect(columnTitles()).toEqual(['Name', 'Code', 'Note', 'Users']));
    expect(calls.at(-1)).toEqual({
      path: '/auth/set_table_columns',
      body: { table: 'companies', columns: ['code', 'name', 'users'] },
    });

    await user.click(within(chooser).getByRole('button', { name: 'Default columns' }));
    await waitFor(() => expect(columnTitles()).toEqual(['Name', 'Code', 'Note']));
    expect(calls.at(-1)).toEqual({
      path: '/auth/set_table_columns',
      body: { table: 'companies', columns: null },
    });
  });

  it('keeps the last shown column: it cannot be hidden', async () => {
    stubColumnsApi([{ table: 'companies', columns: ['name'] }]);
    renderTable('/');
    const user = userEvent.setup();
    await waitFor(() => expect(columnTitles()).toEqual(['Name', 'Note']));
    await user.click(screen.getByRole('button', { name: 'Columns: 1 of 3 shown' }));
    const name = await screen.findByRole('checkbox', { name: 'Name' });
    expect((name as HTMLInputElement).disabled).toBe(true);
  });

  it('shows each row as a card of its shown columns on a phone', async () => {
    screenWidth('phone');
    renderTable('/?page=2&size=10');
    const cards = await screen.findAllByTestId('list-card');
    expect(cards).toHaveLength(3);
    expect(within(cards[2]!).getByText('Plums').tagName).toBe('STRONG');
    expect(within(cards[2]!).getByText('Code')).toBeTruthy();
    expect(within(cards[2]!).getByText('P-2')).toBeTruthy();
    expect(within(cards[2]!).queryByText('Users')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('11–13 of 25')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeTruthy();
  });

  it('shows a total that was not counted past 10,000 as at least that, with the next page in reach', async () => {
    const page = Array.from({ length: 10 }, (_, i) => ({
      id: i + 1,
      name: `Row ${i + 1}`,
      code: `R-${i}`,
      note: '',
    }));
    const capped = {
      ...LOADED,
      data: { items: page, total: 10_000, total_capped: true as const, more: true },
    };
    renderTable('/?page=1000&size=10', <Table rows={capped} />);
    expect(await screen.findByText('9,991–10,000 of 10,001+')).toBeTruthy();
    const next = screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement;
    expect(next.disabled).toBe(false);
  });
});

describe('useUrlSearch', () => {
  it('shows what is typed and puts it in the URL trimmed, on page 1, in place of the current entry', async () => {
    const router = renderTable('/?page=3&size=20', <SearchBox />);
    const user = userEvent.setup();
    const box = screen.getByRole('searchbox', { name: 'Search' });

    await user.type(box, '  plums ');
    expect((box as HTMLInputElement).value).toBe('  plums ');
    // The router takes the URL at once and shows it in a later render (a transition).
    await waitFor(() => {
      expect(router.state.location.search).toBe('?size=20&q=plums');
      expect(screen.getByRole('status', { name: 'Searched' }).textContent).toBe('plums');
    });
    expect(router.state.historyAction).toBe('REPLACE');

    await user.clear(box);
    await waitFor(() => {
      expect(router.state.location.search).toBe('?size=20');
      expect(screen.getByRole('status', { name: 'Searched' }).textContent).toBe('');
    });
  });

  it('follows the URL when it changes on its own', async () => {
    const router = renderTable('/?q=pears', <SearchBox />);
    const box = screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement;
    expect(box.value).toBe('pears');

    await act(() => router.navigate('/?q=apples'));
    expect(box.value).toBe('apples');
    await act(() => router.navigate(-1));
    expect(box.value).toBe('pears');
  });
});

/**
 * A search box whose URL catches up only when the test says so: `update` queues the search, and
 * `catchUp` renders the oldest queued one, as a router busy with a transition does.
 */
function SlowUrlSearchBox({ queue }: { queue: { pending: string[]; catchUp?: () => void } }) {
  const [params, setParams] = useState(new URLSearchParams());
  queue.catchUp = () => {
    const next = queue.pending.shift();
    if (next !== undefined) setParams(new URLSearchParams(next ? { q: next } : {}));
  };
  const search = useUrlSearch({
    params,
    update: (changes) => {
      queue.pending.push(String(changes.q ?? ''));
    },
  });
  return <input aria-label="Search" type="search" value={search.value} onChange={search.onChange} />;
}

describe('useUrlSearch while the URL catches up', () => {
  it('keeps what is being typed when an older search of its own reaches the URL late', async () => {
    const queue: { pending: string[]; catchUp?: () => void } = { pending: [] };
    render(<SlowUrlSearchBox queue={queue} />);
    const user = userEvent.setup();
    const box = screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement;

    await user.type(box, 'tkazlauskas');
    await waitFor(() => expect(queue.pending).toEqual(['tkazlauskas']));
    await user.clear(box);
    await waitFor(() => expect(queue.pending).toEqual(['tkazlauskas', '']));
    // The first search reaches the URL only now, after the box was cleared.
    act(() => queue.catchUp?.());
    expect(box.value).toBe('');
    await user.type(box, 'jberzins');
    act(() => queue.catchUp?.());
    expect(box.value).toBe('jberzins');
    await waitFor(() => expect(queue.pending).toEqual(['jberzins']));
    act(() => queue.catchUp?.());
    expect(box.value).toBe('jberzins');
  });

  it('still follows a search that comes from elsewhere while its own are on the way', async () => {
    const queue: { pending: string[]; catchUp?: () => void } = { pending: [] };
    render(<SlowUrlSearchBox queue={queue} />);
    const box = screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement;
    await userEvent.setup().type(box, 'plums');
    await waitFor(() => expect(queue.pending).toEqual(['plums']));
    // Back or a link puts another search in the URL before this one arrives.
    queue.pending.unshift('pears');
    act(() => queue.catchUp?.());
    expect(box.value).toBe('pears');
  });
});

/** Two filters changed one right after the other, before the router has shown the first. */
function TwoFilters() {
  const table = useTableUrlState({ orderings: ['name'], defaultSort: { key: 'name', direction: 'asc' } });
  return (
    <button
      type="button"
      onClick={() => {
        table.update({ to: '2026-01-10' });
        table.update({ from: '2026-01-02' });
      }}
    >
      Both
    </button>
  );
}

describe('useTableUrlState', () => {
  it('builds a change on the one before it when the router has not shown that yet', async () => {
    const router = renderTable('/?page=3&q=plums', <TwoFilters />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Both' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=plums&to=2026-01-10&from=2026-01-02'));
  });

  it('builds on a URL changed from elsewhere (back, a link) rather than on its own earlier change', async () => {
    const router = renderTable('/?q=plums', <TwoFilters />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Both' }));
    await act(() => router.navigate('/?q=pears'));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Both' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=pears&to=2026-01-10&from=2026-01-02'));
  });
});

/**
 * Two clicks on the Code header before the router has shown the first: both come from the table as
 * it was rendered (sorted by name), each reporting the Code column ascending.
 */
function TwoSortClicks() {
  const table = useTableUrlState({
    orderings: ['name', 'code'],
    defaultSort: { key: 'name', direction: 'asc' },
  });
  const clicked = { columnAccessor: 'code', direction: 'asc' } as const;
  return (
    <button
      type="button"
      onClick={() => {
        table.sortBy(clicked);
        table.sortBy(clicked);
      }}
    >
      Code twice
    </button>
  );
}

describe('a sortable header clicked again before the router shows the first click', () => {
  it('toggles the sort the first click asked for, not the one still shown', async () => {
    const router = renderTable('/?page=2', <TwoSortClicks />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Code twice' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=-code'));
  });
});
