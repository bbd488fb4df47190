import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n';
import { completeOrderForm } from '../../../test/order-form';
import type { OrderView } from '../api/keys';
import { liveProblems } from './live-problems';
import { emptyLine } from './order-form-values';
import { OrderProblems } from './order-problems';

const order = {
  is_template: false,
  lines: [
    { sku_id: 5, sku: { external_code: 'SKU-5', name: 'Water' } },
    { sku_id: 6, sku: { external_code: 'SKU-6', name: 'Juice' } },
    { sku_id: 7, sku: { external_code: 'SKU-7', name: 'Tea' } },
  ],
} as unknown as OrderView;

// SKU-5 lacks its unit (an imported line of a file without one), SKU-6 its quantity and its unit,
// SKU-7 nothing.
const lines = [
  { ...emptyLine(null), sku_id: 5, ordered_qty: 4 },
  { ...emptyLine(null), sku_id: 6 },
  { ...emptyLine(1), sku_id: 7, ordered_qty: 2 },
];

function renderProblems() {
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider env="test">
        <OrderProblems
          problems={liveProblems('purch', order, completeOrderForm({ lines }))}
          isTemplate={false}
          live
        />
      </MantineProvider>
    </I18nextProvider>,
  );
  return screen.getByTestId('order-live-errors');
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('what an order still needs before Set ready', () => {
  it('names each missing field of each line', async () => {
    await i18n.changeLanguage('en');
    const box = renderProblems();
    const items = Array.from(box.querySelectorAll('li'), (item) => item.textContent);
    expect(items).toEqual([
      'Set the quantity for these products: SKU-6.',
      'Set the unit for these products: SKU-5, SKU-6.',
    ]);
  });

  it('says so in Latvian too', async () => {
    await i18n.changeLanguage('lv');
    const box = renderProblems();
    expect(Array.from(box.querySelectorAll('li'), (item) => item.textContent)).toEqual([
      'Norādiet daudzumu šīm precēm: SKU-6.',
      'Norādiet mērvienību šīm precēm: SKU-5, SKU-6.',
    ]);
  });
});
