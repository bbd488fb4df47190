import type { Permission } from '@extranet/contract';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { currencies, locations, purchHeads, salesHeads, uoms } from '../db/schema';
import { createOrderDiscussion } from '../modules/discussions/order-discussions';
import { createAddress, createCustomer, createSku, createVendor } from './catalogs.factories';
import { createCompany, createConsignee, createUser } from './factories';

/** Ids of the global reference rows every database has. */
export async function referenceRows(db: Executor) {
  const [pcs] = await db.select().from(uoms).where(eq(uoms.name, 'pcs'));
  const [box] = await db.select().from(uoms).where(eq(uoms.name, 'box'));
  const [eur] = await db.select().from(currencies).where(eq(currencies.code, 'EUR'));
  const [usd] = await db.select().from(currencies).where(eq(currencies.code, 'USD'));
  const [location] = await db.select().from(locations).limit(1);
  return { pcsId: pcs!.id, boxId: box!.id, eurId: eur!.id, usdId: usd!.id, locationId: location!.id };
}

/**
 * One client company with a consignee, a vendor and a customer (two addresses each), three SKUs
 * and a user holding the given permissions (pord and sord by default).
 */
export async function createOrderWorld(
  db: Executor,
  options: { permissions?: Permission[]; roleId?: number; notificationTypes?: string[] } = {},
) {
  const refs = await referenceRows(db);
  const company = await createCompany(db);
  const consignee = await createConsignee(db, { companyId: company.id });
  const vendor = await createVendor(db, { consigneeId: consignee.id, defaultCurrencyId: refs.usdId });
  const vendorAddresses = [
    await createAddress(db, { vendorId: vendor.id }),
    await createAddress(db, { vendorId: vendor.id }),
  ];
  const customer = await createCustomer(db, { consigneeId: consignee.id });
  const customerAddresses = [
    await createAddress(db, { customerId: customer.id }),
    await createAddress(db, { customerId: customer.id }),
  ];
  const skus = [
    await createSku(db, { consigneeId: consignee.id }),
    await createSku(db, { consigneeId: consignee.id }),
    await createSku(db, { consigneeId: consignee.id }),
  ];
  const user = await createUser(db, {
    roleId: options.roleId ?? 7,
    permissions: options.permissions ?? ['pord', 'sord'],
    companyIds: [company.id],
    notificationTypes: options.notificationTypes,
  });
  return { refs, company, consignee, vendor, vendorAddresses, customer, customerAddresses, skus, user };
}

export type OrderWorld = Awaited<ReturnType<typeof createOrderWorld>>;

/** An order written straight to the database, in any progress, with its discussion. */
export async function insertOrder(
  db: Executor,
  kind: 'purch' | 'sales',
  values: { consigneeId: number } & Partial<typeof purchHeads.$inferInsert> &
    Partial<typeof salesHeads.$inferInsert>,
) {
  const table = kind === 'purch' ? purchHeads : salesHeads;
  const [row] = await db
    .insert(table)
    .values(values as typeof purchHeads.$inferInsert & typeof salesHeads.$inferInsert)
    .returning({ id: table.id });
  await createOrderDiscussion(db, {
    kind,
    headId: row!.id,
    consigneeId: values.consigneeId,
    externalCode: values.externalCode ?? null,
    authorId: null,
  });
  return row!.id;
}
