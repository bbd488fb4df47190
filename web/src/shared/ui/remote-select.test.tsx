import { catalogs } from '@extranet/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTestPageConfig } from '../../test/page-config';
import { stubApi } from '../../test/render-app';
import { consigneeSource } from '../catalogs/sources';
import { i18n } from '../i18n';
import { RemoteMultiSelect, RemoteSelect, useRemoteOptions } from './remote-select';

const CONSIGNEES = Array.from({ length: 25 }, (_, index) => ({
  consignee_id: index + 1,
  name: `Consignee ${String(index + 1).padStart(2, '0')}`,
  business_line: { business_line_id: 1, name: 'Retail' },
  company_id: 1,
}));

type Filters = { smart?: string; consignee_id_list?: number[]; business_line_id?: number };

/** A fake consignee list: smart matches names, pages of `count`, id lists. */
function consigneeList(body: unknown) {
  const { filters, page, count } = body as { filters: Filters; page: number; count: number };
  let items = CONSIGNEES;
  if (filters.consignee_id_list)
    items = items.filter((item) => filters.consignee_id_list?.includes(item.consignee_id));
  if (filters.smart)
    items = items.filter((item) => item.name.toLowerCase().includes(filters.smart!.toLowerCase()));
  const slice = items.slice(page * count, page * count + count);
  return { body: { items: slice, more: items.length > (page + 1) * count } };
}

function renderSelect(ui: React.ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider env="test">
        <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
}

function Controlled(props: {
  initial?: number | null;
  onChange?: (value: number | null) => void;
  filters?: Filters;
}) {
  const [value, setValue] = useState<number | null>(props.initial ?? null);
  return (
    <RemoteSelect
      source={consigneeSource}
      filters={props.filters}
      label="Consignee"
      value={value}
      onChange={(next) => {
        setValue(next);
        props.onChange?.(next);
      }}
      clearable
    />
  );
}

const listPath = catalogs.listConsignees.path;

beforeEach(() => {
  setTestPageConfig();
  void i18n.changeLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('RemoteSelect', () => {
  it('is named by its label and fetches nothing until opened', async () => {
    const { calls } = stubApi({ [listPath]: consigneeList });
    renderSelect(<Controlled />);
    expect(screen.getByRole('combobox', { name: 'Consignee' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toHaveLength(0);
  });

  it('loads 10 options when opened and the next 10 when scrolled to the bottom', async () => {
    const { calls } = stubApi({ [listPath]: consigneeList });
    renderSelect(<Controlled filters={{ business_line_id: 1 }} />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Consignee' }));
    expect(await screen.findByRole('option', { name: 'Consignee 10' })).toBeTruthy();
    expect(screen.getAllByRole('option')).toHaveLength(10);
    expect(calls[0]?.body).toEqual({
      filters: { business_line_id: 1 },
      page: 0,
      count: 10,
      with_total: false,
    });

    const viewport = screen.getByRole('listbox').querySelector('[data-scrollarea-viewport]');
    expect(viewport).toBeTruthy();
    fireEvent.scroll(viewport as Element);
    expect(await screen.findByRole('option', { name: 'Consignee 20' })).toBeTruthy();
    expect(screen.getAllByRole('option')).toHaveLength(20);
    expect(calls[1]?.body).toMatchObject({ page: 1, count: 10 });
  });

  it('searches the server with filters.smart once typing pauses for 250 ms', async () => {
    const { calls } = stubApi({ [listPath]: consigneeList });
    renderSelect(<Controlled />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Consignee' }));
    await screen.findByRole('option', { name: 'Consignee 01' });
    await user.type(screen.getByRole('combobox', { name: 'Consignee' }), '2');
    await user.type(screen.getByRole('combobox', { name: 'Consignee' }), '1');
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Consignee 21']),
    );
    const searches = calls.map((call) => (call.body as { filters: Filters }).filters.smart);
    // One request for the whole word, none for its first letter alone.
    expect(searches).toEqual([undefined, '21']);
  });

  it('reports the chosen value with its item, and clears it', async () => {
    stubApi({ [listPath]: consigneeList });
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderSelect(<Controlled onChange={onChange} />);
    await user.click(screen.getByRole('combobox', { name: 'Consignee' }));
    await user.click(await screen.findByRole('option', { name: 'Consignee 03' }));
    expect(onChange).toHaveBeenLastCalledWith(3);
    expect((screen.getByRole('combobox', { name: 'Consignee' }) as HTMLInputElement).value).toBe(
      'Consignee 03',
    );

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect((screen.getByRole('combobox', { name: 'Consignee' }) as HTMLInputElement).value).toBe('');
  });

  it('shows the label of a value given before any option was loaded (after a reload)', async () => {
    const { calls } = stubApi({ [listPath]: consigneeList });
    renderSelect(<Controlled initial={17} filters={{ business_line_id: 1 }} />);
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'Consignee' }) as HTMLInputElement).value).toBe(
        'Consignee 17',
      ),
    );
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({
      filters: { business_line_id: 1, consignee_id_list: [17] },
      page: 0,
      count: 1,
      with_total: false,
    });
  });

  it('fetches nothing while disabled by enabled=false', async () => {
    const { calls } = stubApi({ [listPath]: consigneeList });
    renderSelect(
      <RemoteSelect
        source={consigneeSource}
        label="Consignee"
        value={4}
        onChange={() => {}}
        enabled={false}
      />,
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(calls).toHaveLength(0);
    expect((screen.getByRole('combobox', { name: 'Consignee' }) as HTMLInputElement).disabled).toBe(true);
  });
});

describe('RemoteMultiSelect', () => {
  it('shows the labels of chosen values and adds more', async () => {
    stubApi({ [listPath]: consigneeList });
    const onChange = vi.fn();
    function Multi() {
      const [value, setValue] = useState<number[]>([2, 5]);
      return (
        <RemoteMultiSelect
          source={consigneeSource}
          label="Consignees"
          value={value}
          onChange={(next, items) => {
            setValue(next);
            onChange(next, items);
          }}
        />
      );
    }
    const user = userEvent.setup();
    renderSelect(<Multi />);
    expect(await screen.findByText('Consignee 02')).toBeTruthy();
    expect(screen.getByText('Consignee 05')).toBeTruthy();
    await user.click(screen.getByRole('combobox', { name: 'Consignees' }));
    await user.click(await screen.findByRole('option', { name: 'Consignee 07' }));
    expect(onChange).toHaveBeenLastCalledWith(
      [2, 5, 7],
      [expect.anything(), expect.anything(), CONSIGNEES[6]],
    );
  });
});

describe('labels of chosen values', () => {
  it('come from the query cache, so they go when the cache is cleared at the end of a session', async () => {
    stubApi({ [catalogs.listConsignees.path]: consigneeList });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: React.ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result, rerender } = renderHook(
      ({ enabled }: { enabled: boolean }) =>
        useRemoteOptions({
          source: consigneeSource,
          filters: {},
          selected: [7],
          search: '',
          opened: false,
          enabled,
          pageSize: 10,
        }),
      { wrapper, initialProps: { enabled: true } },
    );
    await waitFor(() => expect(result.current.labelOf(7)).toBe('Consignee 07'));
    expect(result.current.itemOf(7)).toMatchObject({ consignee_id: 7 });

    rerender({ enabled: false });
    act(() => queryClient.removeQueries());
    rerender({ enabled: false });
    expect(result.current.labelOf(7)).toBe('7');
    expect(result.current.itemOf(7)).toBeNull();
  });
});
