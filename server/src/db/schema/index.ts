// The database's tables, one file a domain; drizzle.config.ts and the code read them from here.

export * from './companies';
export * from './discussions';
export * from './orders';
export * from './outbox';
export * from './reference';
export * from './slots';
export * from './users';
export * from './views';
export * from './webhooks';
