export * from './domain/actions';
export * from './domain/events';
export * from './domain/commands';
export * from './domain/state';
export * from './domain/decide';
export * from './domain/errors';
export * from './domain/operation-decider';
