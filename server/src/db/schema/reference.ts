// Reference data, global to every company: roles, permissions, notification types, currencies, units, locations.
import type { catalogs } from '@extranet/contract';
import { integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { active } from './columns';

export const roles = pgTable('roles', {
  id: integer().primaryKey(),
  name: text().notNull(),
});

export const permissions = pgTable('permissions', {
  id: text().primaryKey(),
  name: text().notNull(),
});

export const notificationTypes = pgTable('notification_types', {
  id: text().primaryKey(),
  name: text().notNull(),
});

export const emailRates = pgTable('email_rates', {
  id: serial().primaryKey(),
  minutes: integer().notNull().unique(),
});

export const currencies = pgTable('currencies', {
  id: serial().primaryKey(),
  code: text().notNull().unique(),
  active: active(),
});

export const uoms = pgTable('uoms', {
  id: serial().primaryKey(),
  /** The unit's code in orders and master data; readers see `names` in their language, when given. */
  name: text().notNull().unique(),
  names: jsonb().$type<catalogs.TranslatedNames>(),
  active: active(),
});

export const locations = pgTable('locations', {
  id: serial().primaryKey(),
  label: text().notNull().unique(),
  active: active(),
});
