import {
  type catalogs,
  NOTIFICATION_TYPE_NAMES,
  NOTIFICATION_TYPES,
  PERMISSION_NAMES,
  PERMISSIONS,
  ROLE_NAMES,
  ROLES,
} from '@extranet/contract';
import { isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { currencies, emailRates, locations, notificationTypes, permissions, roles, uoms } from '../db/schema';

/** Global reference rows every database needs, demo data or not. */
export const REFERENCE_ROLES = ROLES.map((id) => ({ id, name: ROLE_NAMES[id] }));
export const REFERENCE_PERMISSIONS = PERMISSIONS.map((id) => ({ id, name: PERMISSION_NAMES[id] }));
export const REFERENCE_NOTIFICATION_TYPES = NOTIFICATION_TYPES.map((id) => ({
  id,
  name: NOTIFICATION_TYPE_NAMES[id],
}));

export const REFERENCE_EMAIL_RATE_MINUTES = [15, 60, 240, 1440] as const;
export const REFERENCE_CURRENCIES = ['EUR', 'USD', 'GBP'] as const;
/** The units every installation starts with, each named in the product's languages. */
export const REFERENCE_UOMS = [
  { name: 'pcs', names: { en: 'pcs', ru: 'шт.', lv: 'gab.' } },
  { name: 'box', names: { en: 'box', ru: 'кор.', lv: 'kaste' } },
  { name: 'pallet', names: { en: 'pallet', ru: 'палл.', lv: 'palete' } },
  { name: 'kg', names: { en: 'kg', ru: 'кг', lv: 'kg' } },
  { name: 'l', names: { en: 'l', ru: 'л', lv: 'l' } },
] as const satisfies readonly { name: string; names: catalogs.TranslatedNames }[];
export const REFERENCE_LOCATIONS = ['Riga Central', 'Riga North', 'Tallinn', 'Vilnius'] as const;

/** Inserts the reference rows; rows already there are left as they are, so it can run on every start. */
export async function seedReferenceData(db: Executor): Promise<void> {
  await db
    .insert(roles)
    .values(REFERENCE_ROLES.map((role) => ({ ...role })))
    .onConflictDoNothing();
  await db
    .insert(permissions)
    .values(REFERENCE_PERMISSIONS.map((permission) => ({ ...permission })))
    .onConflictDoNothing();
  await db
    .insert(notificationTypes)
    .values(REFERENCE_NOTIFICATION_TYPES.map((type) => ({ ...type })))
    .onConflictDoNothing();
  await db
    .insert(emailRates)
    .values(REFERENCE_EMAIL_RATE_MINUTES.map((minutes) => ({ minutes })))
    .onConflictDoNothing();
  await db
    .insert(currencies)
    .values(REFERENCE_CURRENCIES.map((code) => ({ code })))
    .onConflictDoNothing();
  await db
    .insert(uoms)
    .values([...REFERENCE_UOMS])
    // An installation from before units had translations gets them; names given since are kept.
    .onConflictDoUpdate({
      target: uoms.name,
      set: { names: sql`excluded.names` },
      setWhere: isNull(uoms.names),
    });
  await db
    .insert(locations)
    .values(REFERENCE_LOCATIONS.map((label) => ({ label })))
    .onConflictDoNothing();
}
