export * from './read-store';
export * from './projection';
export * from './projection-runner';
export * from './own-writes';
export * from './cursor';
