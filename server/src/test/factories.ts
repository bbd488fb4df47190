import type { Permission } from '@extranet/contract';
import { hash } from '@node-rs/argon2';
import type { Executor } from '../db/client';
import {
  businessLines,
  companies,
  consignees,
  userCompanies,
  userNotificationTypes,
  userPermissions,
  users,
} from '../db/schema';

let sequence = 0;
const next = () => ++sequence;

export const TEST_PASSWORD = 'test-password-1';
let testPasswordHash: Promise<string> | undefined;

/**
 * A test user's password hash, at argon2id's least cost: a sign-in verifies with the cost its hash
 * names, and the product's cost (auth/password.ts) made every test sign-in spend 25 ms of CPU. The
 * passwords the calls set are hashed by the product, at its cost.
 */
const hashTestPassword = (password: string) =>
  hash(password, { memoryCost: 64, timeCost: 1, parallelism: 1 });

function companyIdentity() {
  const n = next();
  return { code: `C-${n}`, name: `Company ${n}` };
}

export async function createCompany(db: Executor, overrides: Partial<typeof companies.$inferInsert> = {}) {
  const [company] = await db
    .insert(companies)
    .values({ ...companyIdentity(), ...overrides })
    .returning();
  return company!;
}

export async function createConsignee(
  db: Executor,
  overrides: Partial<typeof consignees.$inferInsert> & { companyId: number },
) {
  const [line] = await db
    .insert(businessLines)
    .values({ name: `Line ${next()}` })
    .returning();
  const [consignee] = await db
    .insert(consignees)
    .values({ code: `CN-${next()}`, name: `Consignee ${sequence}`, businessLineId: line!.id, ...overrides })
    .returning();
  return consignee!;
}

export type Consignee = Awaited<ReturnType<typeof createConsignee>>;

/**
 * The company of a test's user with a consignee of that name, and a consignee of another company:
 * what the user sees, and what must behave as if it did not exist.
 */
export async function createOwnAndForeignConsignees(db: Executor, ownName: string) {
  const company = await createCompany(db);
  const otherCompany = await createCompany(db);
  const own = await createConsignee(db, { companyId: company.id, name: ownName });
  const other = await createConsignee(db, { companyId: otherCompany.id });
  return { companyId: company.id, own, other };
}

export interface UserOptions extends Partial<typeof users.$inferInsert> {
  password?: string;
  permissions?: Permission[];
  companyIds?: number[];
  notificationTypes?: string[];
}

export async function createUser(db: Executor, options: UserOptions = {}) {
  const { password, permissions = [], companyIds = [], notificationTypes = [], ...overrides } = options;
  testPasswordHash ??= hashTestPassword(TEST_PASSWORD);
  const passwordHash = password ? await hashTestPassword(password) : await testPasswordHash;
  const [user] = await db
    .insert(users)
    .values({ username: `user${next()}`, passwordHash, roleId: 1, ...overrides })
    .returning();
  if (permissions.length)
    await db.insert(userPermissions).values(permissions.map((permId) => ({ userId: user!.id, permId })));
  if (companyIds.length)
    await db.insert(userCompanies).values(companyIds.map((companyId) => ({ userId: user!.id, companyId })));
  if (notificationTypes.length) {
    await db
      .insert(userNotificationTypes)
      .values(notificationTypes.map((ntfyId) => ({ userId: user!.id, ntfyId })));
  }
  return { ...user!, password: password ?? TEST_PASSWORD };
}
