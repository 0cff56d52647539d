export * from './intent';
export * from './preparation';
