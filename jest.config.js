/** Jest runs TypeScript through SWC (CommonJS output, legacy decorators with metadata).
 * NestJS 12 and a few other dependencies ship ESM only, so they are compiled too. */
const esmOnly = [
  '@nestjs',
  'cookie',
  'jose',
  'file-type',
  'content-disposition',
  'strtok3',
  'token-types',
  'uint8array-extras',
  '@tokenizer',
];
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/apps', '<rootDir>/libs', '<rootDir>/test'],
  testMatch: ['**/*.spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  transform: { '^.+\\.(t|j|mj)s$': swc },
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join('|')})/)`],
  moduleNameMapper: { '^@vetted/([^/]+)(.*)$': '<rootDir>/libs/$1/src$2' },
  testTimeout: 30000,
};
