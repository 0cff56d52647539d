export * from './event-store';
export * from './position';
export * from './stream-names';
export * from './command-handling';
export * from './sequence';
export * from './subscription-runner';
