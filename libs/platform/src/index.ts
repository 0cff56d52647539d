export * from './metrics';
export * from './projections';
export * from './projection-service';
export * from './platform.module';
export * from './stores';
