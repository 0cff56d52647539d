export * from './actions';
export * from './events';
export * from './commands';
export * from './state';
export * from './decide';
export * from './errors';
export * from './operation-decider';
export * from './recipient-wallet';
