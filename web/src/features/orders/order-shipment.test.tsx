import type { orders } from '@extranet/contract';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import '../../shared/i18n';
import { setTestPageConfig } from '../../test/page-config';
import { OrderLinesTable, qtyDifference } from './components/order-lines-table';
import { OrderShipment } from './components/order-shipment';

function salesOrder(overrides: Partial<orders.SalesOrder> = {}): orders.SalesOrder {
  return {
    sales_head_id: 7,
    head_id: 7,
    external_code: 'SO-7',
    warehouse_code: null,
    consignee_id: 1,
    consignee: { name: 'Baltic Foods', business_line: { business_line_id: 1, name: 'Retail' } },
    location_id: null,
    location: null,
    truck_number: null,
    delivery_date: null,
    currency_id: null,
    currency: null,
    is_return: false,
    is_template: false,
    creation_date: new Date('2026-11-20T10:00:00Z'),
    modification_date: new Date('2026-11-20T10:00:00Z'),
    progress: 'sync',
    status: { code: 'SHP', desc: 'Shipped' },
    failure_reason: null,
    failure_code: null,
    failure_params: null,
    problems: { errors: [], warnings: [] },
    can_update: false,
    can_ready: false,
    can_unready: false,
    total: '0.000',
    slot: null,
    customer_id: null,
    customer: null,
    customer_address_id: null,
    customer_address: null,
    customer_reference: null,
    delivery_address_id: null,
    delivery_address: null,
    delivery_name: null,
    due_days: null,
    comments: null,
    self_picking: false,
    vat_tax_req: false,
    carrier: null,
    tracking_numbers: [],
    delivered_on: null,
    delivery_signer: null,
    lines: [],
    ...overrides,
  };
}

function line(id: number, ordered: string | null, delivered: string | null): orders.SalesLine {
  return {
    line_id: id,
    sku_id: id,
    sku: { external_code: `SKU-${id}`, name: `Product ${id}` },
    ordered_qty: ordered,
    uom_id: null,
    uom: null,
    price: null,
    ordered_sum: null,
    sales_qty: null,
    delivered_qty: delivered,
    batch: null,
    expiry_date: null,
  };
}

const show = (node: ReactNode) => render(<MantineProvider>{node}</MantineProvider>);

beforeEach(() => {
  setTestPageConfig({ TRACKING_URLS: { DHL: 'https://dhl.example/track?id={number}' } });
});

describe('the shipment of a sales order', () => {
  it('links each tracking number to its carrier, in a new tab without opener or referrer', () => {
    show(
      <OrderShipment
        kind="sales"
        order={salesOrder({ carrier: 'dhl', tracking_numbers: ['JD01 46', 'JD02'], delivery_signer: 'Anna' })}
      />,
    );
    const link = screen.getByRole('link', { name: 'JD01 46 on the carrier’s site (opens in a new tab)' });
    expect(link.getAttribute('href')).toBe('https://dhl.example/track?id=JD01%2046');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getAllByTestId('tracking-link')).toHaveLength(2);
    expect(screen.getByText('Anna')).toBeTruthy();
  });

  it('shows the numbers of a carrier without a tracking page as text', () => {
    show(<OrderShipment kind="sales" order={salesOrder({ carrier: 'Omniva', tracking_numbers: ['CC1'] })} />);
    expect(screen.getByText('CC1')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('says a shipped order has no tracking number yet, and stays away before it ships', () => {
    const { unmount } = show(<OrderShipment kind="sales" order={salesOrder()} />);
    expect(screen.getByText('No tracking number yet')).toBeTruthy();
    unmount();
    show(<OrderShipment kind="sales" order={salesOrder({ status: { code: 'PCK', desc: 'Picking' } })} />);
    expect(screen.queryByTestId('order-shipment')).toBeNull();
  });
});

describe('reported quantities that differ from the order', () => {
  it('are told apart exactly, by reported minus ordered', () => {
    expect(qtyDifference('5.000', '5')).toBeNull();
    expect(qtyDifference('5.000', null)).toBeNull();
    expect(qtyDifference('5.000', '4.250')).toBe('-0.75');
    expect(qtyDifference(null, '2')).toBe('2');
    expect(qtyDifference('0.1', '0.3')).toBe('0.2');
  });

  it('are marked on their line with the difference, and counted above the lines', () => {
    show(
      <OrderLinesTable
        kind="sales"
        order={salesOrder({
          lines: [line(1, '5.000', '5.000'), line(2, '7.000', '4.000'), line(3, '2.000', null)],
        })}
      />,
    );
    const marked = screen.getAllByTestId('qty-difference');
    expect(marked.map((cell) => cell.textContent)).toEqual(['4 (−3)']);
    expect(marked[0]!.getAttribute('title')).toBe('Differs from the ordered quantity by −3');
    expect(screen.getByTestId('lines-differ').textContent).toBe('1 line differs from what was ordered');
  });
});
