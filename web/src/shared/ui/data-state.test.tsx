import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api';
import { i18n } from '../i18n';
import { type DataQuery, DataState } from './data-state';

type Rows = { items: string[] };

function query(overrides: Partial<DataQuery<Rows>>): DataQuery<Rows> {
  return { data: undefined, isPending: false, isError: false, error: null, refetch: vi.fn(), ...overrides };
}

function renderState(state: DataQuery<Rows>) {
  return render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider env="test">
        <DataState query={state} isEmpty={(data) => data.items.length === 0} emptyText="No orders found">
          {(data) => (
            <ul>
              {data.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
        </DataState>
      </MantineProvider>
    </I18nextProvider>,
  );
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('DataState', () => {
  it('shows a loader while the first data is on its way', () => {
    renderState(query({ isPending: true }));
    expect(screen.getByRole('progressbar', { name: 'Loading…' })).toBeTruthy();
    expect(screen.queryByText('No orders found')).toBeNull();
  });

  it('shows the failure with its message and a Retry button, never the empty text', async () => {
    const refetch = vi.fn();
    renderState(query({ isError: true, error: new ApiError('server_error'), refetch }));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Could not load');
    expect(alert.textContent).toContain(i18n.t('errors.server_error'));
    expect(screen.queryByText('No orders found')).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('says the list is empty only when it loaded without rows', () => {
    renderState(query({ data: { items: [] } }));
    expect(screen.getByText('No orders found')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the data, and keeps it under the failure when a refresh fails', () => {
    const { rerender } = renderState(query({ data: { items: ['PO-1', 'PO-2'] } }));
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['PO-1', 'PO-2']);
    expect(screen.queryByRole('alert')).toBeNull();

    rerender(
      <I18nextProvider i18n={i18n}>
        <MantineProvider env="test">
          <DataState
            query={query({
              data: { items: ['PO-1'] },
              isError: true,
              error: new ApiError('server_unavailable'),
            })}
          >
            {(data) => <p>{data.items.join(', ')}</p>}
          </DataState>
        </MantineProvider>
      </I18nextProvider>,
    );
    expect(screen.getByText('PO-1')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Could not refresh');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('speaks the language on screen', async () => {
    await i18n.changeLanguage('ru');
    renderState(query({ isError: true, error: new ApiError('server_error') }));
    expect(screen.getByRole('alert').textContent).toContain('Не удалось загрузить');
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeTruthy();
    await i18n.changeLanguage('lv');
    expect(await screen.findByRole('button', { name: 'Mēģināt vēlreiz' })).toBeTruthy();
  });
});
