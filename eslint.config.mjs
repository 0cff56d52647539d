import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**', '**/*.js', '**/*.cjs', '**/*.mjs'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Node 20's V8 builds an object literal that starts with a spread and goes on (`{ ...a, b }`,
    // `{ ...a, ...b }`) on a slow path: about 0.5 µs per property after the spread, twenty times
    // `Object.assign({}, a, { b })`. A spread after other properties (`{ a, ...b, c }`) is fast.
    // The service builds such objects on every request and every folded event (docs/decisions.md).
    files: ['libs/**/*.ts', 'apps/**/*.ts'],
    ignores: ['**/*.spec.ts', '**/testing/**', '**/*.contract.ts', '**/*.docs.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ObjectExpression > SpreadElement:first-child ~ *',
          message:
            'An object literal that starts with a spread and goes on is slow on Node 20 (~0.5 µs per property): use extend(base, { ... }) from @vetted/kernel.',
        },
      ],
    },
  },
);
