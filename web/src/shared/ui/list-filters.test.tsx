import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n';
import { ListFilters } from './list-filters';

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

function renderFilters(activeCount: number) {
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider env="test">
        <ListFilters label="Order filters" activeCount={activeCount} search={<input aria-label="Search" />}>
          <input aria-label="Consignee" />
          <input aria-label="Status" />
        </ListFilters>
      </MantineProvider>
    </I18nextProvider>,
  );
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('ListFilters', () => {
  it('shows every filter in a row on a wide screen', () => {
    screenWidth('wide');
    renderFilters(2);
    const search = screen.getByRole('search', { name: 'Order filters' });
    expect(search.querySelectorAll('input')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: /Filters/ })).toBeNull();
  });

  it('folds all but the search into a drawer on a phone, counting the filters set', async () => {
    screenWidth('phone');
    renderFilters(2);
    expect(screen.getByRole('textbox', { name: 'Search' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Consignee' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Filters (2)' }));
    const drawer = await screen.findByRole('dialog', { name: 'Order filters' });
    expect(drawer.querySelectorAll('input')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Show results' }));
    expect(screen.queryByRole('textbox', { name: 'Consignee' })).toBeNull();
  });

  it('names the button without a count when no filter is set, in the language on screen', async () => {
    screenWidth('phone');
    await i18n.changeLanguage('ru');
    renderFilters(0);
    expect(screen.getByRole('button', { name: 'Фильтры' })).toBeTruthy();
  });
});
