export * from './errors';
export * from './ids';
export * from './clock';
export * from './config';
export * from './addresses';
export * from './canonical-json';
export * from './extend';
export * from './recent-map';
