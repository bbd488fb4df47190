import type { Executor } from '../db/client';
import {
  addresses,
  customers,
  locations,
  skuEans,
  skuPackaging,
  skus,
  stockRows,
  uoms,
  vendors,
} from '../db/schema';

let sequence = 0;
const next = () => ++sequence;

export async function createVendor(
  db: Executor,
  overrides: Partial<typeof vendors.$inferInsert> & { consigneeId: number },
) {
  const n = next();
  const [row] = await db
    .insert(vendors)
    .values({ externalCode: `V${n}`, name: `Vendor ${n}`, ...overrides })
    .returning();
  return row!;
}

export async function createCustomer(
  db: Executor,
  overrides: Partial<typeof customers.$inferInsert> & { consigneeId: number },
) {
  const n = next();
  const [row] = await db
    .insert(customers)
    .values({ externalCode: `C${n}`, name: `Customer ${n}`, ...overrides })
    .returning();
  return row!;
}

export async function createAddress(db: Executor, overrides: Partial<typeof addresses.$inferInsert>) {
  const n = next();
  const [row] = await db
    .insert(addresses)
    .values({ code: `A${n}`, name: `Address ${n}`, ...overrides })
    .returning();
  return row!;
}

export type Sku = Awaited<ReturnType<typeof createSku>>;

export async function createSku(
  db: Executor,
  overrides: Partial<typeof skus.$inferInsert> & { consigneeId: number },
) {
  const n = next();
  const [row] = await db
    .insert(skus)
    .values({ code: `S${n}`, externalCode: `EXT${n}`, name: `Product ${n}`, ...overrides })
    .returning();
  return row!;
}

export async function createPackaging(
  db: Executor,
  overrides: Partial<typeof skuPackaging.$inferInsert> & { skuId: number },
) {
  const [row] = await db
    .insert(skuPackaging)
    .values({ code: `P${next()}`, ...overrides })
    .returning();
  return row!;
}

export async function createEan(
  db: Executor,
  overrides: Partial<typeof skuEans.$inferInsert> & { skuId: number },
) {
  const [row] = await db
    .insert(skuEans)
    .values({ eanText: String(4750000000000 + next()), eanTypeCode: 'EAN13', ...overrides })
    .returning();
  return row!;
}

/** The first unit of measure and location of the reference data every database has. */
export async function referenceIds(db: Executor) {
  const [uom] = await db.select().from(uoms).limit(1);
  const [location] = await db.select().from(locations).limit(1);
  return { uomId: uom!.id, locationId: location!.id };
}

export async function createStockRow(
  db: Executor,
  overrides: Partial<typeof stockRows.$inferInsert> & { consigneeId: number; skuId: number },
) {
  const refs = await referenceIds(db);
  const [row] = await db
    .insert(stockRows)
    .values({ qty: '1.000', uomId: refs.uomId, locationId: refs.locationId, ...overrides })
    .returning();
  return row!;
}
