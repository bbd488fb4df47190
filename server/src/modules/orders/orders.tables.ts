import type { orders } from '@extranet/contract';
import { and, isNull, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { companyCondition } from '../../access/tenancy';
import {
  addresses,
  consignees,
  customers,
  purchHeads,
  purchLines,
  salesHeads,
  salesLines,
  vendors,
} from '../../db/schema';
import type { Actor } from '../../http/session';

type OrderKind = orders.OrderKind;

/** The tables of one order kind; purchase and sales heads share their common columns. */
export const TABLES = {
  purch: {
    heads: purchHeads,
    lines: purchLines,
    party: vendors,
    partyId: purchHeads.vendorId,
    addressId: purchHeads.vendorAddressId,
    reference: purchHeads.vendorReference,
  },
  sales: {
    heads: salesHeads,
    lines: salesLines,
    party: customers,
    partyId: salesHeads.customerId,
    addressId: salesHeads.customerAddressId,
    reference: salesHeads.customerReference,
  },
} as const;

export const partyAddress = alias(addresses, 'party_address');
export const deliveryAddress = alias(addresses, 'delivery_address');

/** A head readable by the actor: not excluded, of a consignee of one of the actor's companies. */
export function visible(actor: Actor, kind: OrderKind): SQL | undefined {
  return and(isNull(TABLES[kind].heads.excludedAt), companyCondition(actor, consignees.companyId));
}
