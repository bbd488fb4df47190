// Saved views of the lists and the dashboard's pins.
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

/**
 * A user's saved view of a list (issue 34): its filters, ordering and shown columns under a name,
 * one name per owner and list (letter case aside). A shared one is seen by the users of the
 * owner's companies, read through user_companies when listed, so it follows the owner's companies.
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: serial().primaryKey(),
    ownerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** views.VIEW_LISTS. */
    list: text().notNull(),
    name: text().notNull(),
    filters: jsonb().$type<Record<string, unknown>>().notNull(),
    ordering: text(),
    columns: jsonb().$type<string[]>().notNull(),
    shared: boolean().notNull().default(false),
    creationDate: createdAt(),
    modificationDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The owner's views of a list, and the one name check: (owner, list) leads.
    uniqueIndex('saved_views_owner_list_name_idx').on(t.ownerId, t.list, sql`lower(${t.name})`),
    // Shared views of a list by the owners found through user_companies (company_id, user_id).
    index('saved_views_shared_list_owner_idx').on(t.list, t.ownerId).where(sql`${t.shared}`),
  ],
);

/** The views a user pinned on their dashboard (views.MAX_PINNED_VIEWS at most). */
export const savedViewPins = pgTable(
  'saved_view_pins',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    viewId: integer()
      .notNull()
      .references(() => savedViews.id, { onDelete: 'cascade' }),
    creationDate: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.viewId] }), index().on(t.viewId)],
);
