// Discussions, files, notifications and per-user settings of lists.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt, trigram } from './columns';
import { companies } from './companies';
import { purchHeads, salesHeads } from './orders';
import { notificationTypes } from './reference';
import { users } from './users';

export const discussions = pgTable(
  'discussions',
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id),
    name: text().notNull(),
    /** broadcast | normal | private | order (the discussion of one order) */
    visibility: text().notNull(),
    authorId: integer().references(() => users.id),
    purchHeadId: integer()
      .unique()
      .references(() => purchHeads.id),
    salesHeadId: integer()
      .unique()
      .references(() => salesHeads.id),
    creationDate: createdAt(),
    modificationDate: createdAt(),
  },
  (t) => [
    index().on(t.visibility, t.companyId, t.modificationDate),
    index().on(t.visibility, t.modificationDate),
    trigram('discussions_name_trgm_idx', t.name),
  ],
);

export const discussionMembers = pgTable(
  'discussion_members',
  {
    discussionId: integer()
      .notNull()
      .references(() => discussions.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.discussionId, t.userId] }), index().on(t.userId)],
);

export const comments = pgTable(
  'comments',
  {
    id: serial().primaryKey(),
    discussionId: integer()
      .notNull()
      .references(() => discussions.id, { onDelete: 'cascade' }),
    userId: integer().references(() => users.id),
    text: text(),
    /** A system comment: {code, old, new} rendered as a sentence by the web app. */
    dict: jsonb(),
    creationDate: createdAt(),
  },
  // A thread reads back from its latest comment, in (creation date, id) order: keyset pages.
  // (discussion, id): the comments after the one a reader saw last, for the lists' unread mark.
  (t) => [index().on(t.discussionId, t.creationDate, t.id), index().on(t.discussionId, t.id)],
);

/**
 * How far each user has read each discussion: the highest comment id the thread showed them when
 * they last opened it. A comment of someone else above it makes the discussion unread for them.
 */
export const discussionReads = pgTable(
  'discussion_reads',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    discussionId: integer()
      .notNull()
      .references(() => discussions.id, { onDelete: 'cascade' }),
    lastCommentId: integer().notNull(),
    readAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.discussionId] }), index().on(t.discussionId)],
);

export const files = pgTable(
  'files',
  {
    id: serial().primaryKey(),
    /** Unguessable random token used in download links. */
    code: text().notNull().unique(),
    name: text().notNull(),
    ext: text().notNull(),
    mime: text().notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    storageKey: text().notNull(),
    /** Null for a document the warehouse sent (order_documents). */
    uploaderId: integer().references(() => users.id),
    commentId: integer().references(() => comments.id, { onDelete: 'set null' }),
    creationDate: createdAt(),
  },
  (t) => [index().on(t.commentId), index().on(t.uploaderId)],
);

/** A document the warehouse sent about an order (delivery note, CMR, proof of delivery, ...). */
export const orderDocuments = pgTable(
  'order_documents',
  {
    id: serial().primaryKey(),
    kind: text({ enum: ['purch', 'sales'] }).notNull(),
    headId: integer().notNull(),
    fileId: integer()
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    name: text().notNull(),
    /** The warehouse's event id: one document per event, however often it is sent. */
    eventId: text().notNull().unique(),
    creationDate: createdAt(),
  },
  (t) => [index().on(t.kind, t.headId, t.creationDate), index().on(t.fileId)],
);

/** How a user's own spreadsheet headers map to the import's columns, per order kind. */
export const importMappings = pgTable(
  'import_mappings',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['purch', 'sales'] }).notNull(),
    /** `{"<header in the file>": "<column>"}`; an empty column ignores the header. */
    mapping: jsonb().$type<Record<string, string>>().notNull(),
    modificationDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/** The columns a user chose to show in each list table, on every browser they use. */
export const tableColumns = pgTable(
  'table_columns',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A list table of the web app (auth.TABLE_COLUMNS). */
    tableId: text().notNull(),
    /** The accessors of the columns shown, in the table's order. */
    columns: jsonb().$type<string[]>().notNull(),
    modificationDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tableId] })],
);

export const notifications = pgTable(
  'notifications',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    commentId: integer()
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    ntfyType: text()
      .notNull()
      .references(() => notificationTypes.id),
    /** The bell was opened since (clears the badge). */
    seen: boolean().notNull().default(false),
    /** The user read this one (opened it, or marked it read on the Notifications page). */
    readAt: timestamp({ withTimezone: true }),
    emailed: boolean().notNull().default(false),
    creationDate: createdAt(),
  },
  (t) => [
    index().on(t.userId, t.creationDate),
    index('notifications_unread_idx').on(t.userId, t.creationDate).where(sql`${t.readAt} is null`),
    index('notifications_unseen_idx').on(t.userId).where(sql`${t.seen} = false`),
    index('notifications_unemailed_idx').on(t.userId).where(sql`${t.emailed} = false and ${t.seen} = false`),
  ],
);
