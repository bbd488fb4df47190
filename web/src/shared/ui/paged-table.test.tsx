import { MantineProvider } from '@mantine/core';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n';
import { PagedDataTable, useTableUrlState, useUrlSearch } from './paged-table';

type Row = { id: number; name: string; code: string; note: string };

const ROWS: Row[] = [
  { id: 1, name: 'Apples', code: 'A-1', note: '' },
  { id: 2, name: 'Pears', code: 'P-1', note: '' },
  { id: 3, name: 'Plums', code: 'P-2', note: '' },
];

function Table() {
  const table = useTableUrlState({
    orderings: ['name', 'code'],
    defaultSort: { key: 'name', direction: 'asc' },
  });
  return (
    <PagedDataTable<Row>
      table={table}
      rows={{ data: { items: ROWS, total: 25 }, isFetching: false }}
      idAccessor="id"
      noRecordsText="No rows"
      columns={[
        { accessor: 'name', title: 'Name', sortable: true },
        { accessor: 'code', title: 'Code', sortable: true },
        { accessor: 'note', title: 'Note' },
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

function renderTable(path: string, element = <Table />) {
  const router = createMemoryRouter([{ path: '/', element }], { initialEntries: [path] });
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider env="test">
        <RouterProvider router={router} />
      </MantineProvider>
    </I18nextProvider>,
  );
  return router;
}

const header = (title: string) => screen.getByText(title).closest('th') as HTMLElement;
const sortLabel = (title: string) => within(header(title)).getByRole('img').getAttribute('aria-label');

beforeEach(() => {
  // mantine-datatable renders a cell only when its media query matches; jsdom matches none.
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query) =>
      ({ matches: true, media: query, addEventListener: () => {}, removeEventListener: () => {} }) as never,
  );
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

describe('useUrlSearch', () => {
  it('shows what is typed and puts it in the URL trimmed, on page 1, in place of the current entry', async () => {
    const router = renderTable('/?page=3&size=20', <SearchBox />);
    const user = userEvent.setup();
    const box = screen.getByRole('searchbox', { name: 'Search' });

    await user.type(box, '  plums ');
    expect((box as HTMLInputElement).value).toBe('  plums ');
    await waitFor(() => expect(router.state.location.search).toBe('?size=20&q=plums'));
    expect(screen.getByRole('status', { name: 'Searched' }).textContent).toBe('plums');
    expect(router.state.historyAction).toBe('REPLACE');

    await user.clear(box);
    await waitFor(() => expect(router.state.location.search).toBe('?size=20'));
    expect(screen.getByRole('status', { name: 'Searched' }).textContent).toBe('');
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
