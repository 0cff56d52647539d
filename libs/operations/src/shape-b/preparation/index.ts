export * from './prepared-shape-b';
export * from './prepare-shape-b';
