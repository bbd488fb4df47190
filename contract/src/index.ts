export * from './access';
export * as auth from './auth';
export * from './call';
export * from './codec';
export * from './config';
export * from './errors';
export * from './list';
export * as notifications from './notifications';
