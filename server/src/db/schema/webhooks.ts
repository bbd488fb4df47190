// Webhook endpoints, their events and deliveries.
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { companies } from './companies';
import { discussions } from './discussions';
import { users } from './users';

/**
 * A company's webhook endpoint: where the events it chose are POSTed, signed with its secret
 * (encrypted at rest with the server's key, like second-factor secrets).
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    events: text().array().notNull(),
    secret: text().notNull(),
    /** Who registered it: told when the endpoint is paused. */
    ownerId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** Off: no new deliveries. Turned off by its users, or by the server after a day of failures. */
    active: boolean().notNull().default(true),
    /** When the server paused it after failing for a day; null while active or turned off by hand. */
    pausedAt: timestamp({ withTimezone: true }),
    /** The first failed attempt since the last delivered one; null while it answers. */
    failingSince: timestamp({ withTimezone: true }),
    /** The owner's private thread where pause notices are written, made on the first one. */
    discussionId: integer().references(() => discussions.id, { onDelete: 'set null' }),
    creationDate: createdAt(),
  },
  (t) => [index().on(t.companyId, t.id)],
);

/** Something that happened to a company's record, written in the transaction of the change. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: text().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    /** The record it is about (`order:purch:157`, `stock:12`, `discussion:40`): deliveries keep its order. */
    recordKey: text().notNull(),
    /** The record as the API shows it, encoded for the wire. */
    data: jsonb().notNull(),
    creationDate: createdAt(),
  },
  (t) => [index().on(t.creationDate)],
);

/** One event sent (or to be sent) to one endpoint; "send again" makes another. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial().primaryKey(),
    endpointId: integer()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: text()
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    recordKey: text().notNull(),
    /** pending (queued or retrying) | delivered | failed (given up) */
    status: text().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    responseCode: integer(),
    durationMs: integer(),
    error: text(),
    /** Why it was not sent: its endpoint's owner may not read it (contract DeliveryRefusal). */
    refusal: jsonb().$type<{ code: string; permission?: string }>(),
    lastAttemptAt: timestamp({ withTimezone: true }),
    creationDate: createdAt(),
  },
  (t) => [
    // The delivery log of an endpoint, newest first.
    index().on(t.endpointId, t.creationDate, t.id),
    // The delivery before a new one for the same record (ordering).
    index().on(t.endpointId, t.recordKey, t.id),
    index().on(t.eventId),
    index().on(t.creationDate),
  ],
);
