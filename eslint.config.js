// Lint: TypeScript recommended rules plus the layer boundaries of docs/architecture.md.
import tseslint from 'typescript-eslint';

const layer = (files, forbidden, message) => ({
  files,
  rules: {
    'no-restricted-imports': [
      'error',
      { patterns: forbidden.map((group) => ({ group: [`#${group}/*`, `**/src/${group}/*`, `../${group}/*`, `../../${group}/*`], message })) },
    ],
  },
});

export default tseslint.config(
  { ignores: ['.tmp', 'node_modules', 'dist', 'data', 'test-results', 'playwright-report'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  layer(['src/shared/**'], ['server', 'web', 'engine', 'lists', 'cli'], 'src/shared depends on nothing of ours.'),
  layer(['src/engine/**'], ['server', 'web', 'lists', 'cli'], 'src/engine depends on src/shared only.'),
  layer(['src/lists/**'], ['server', 'web', 'engine', 'cli'], 'src/lists depends on src/shared only.'),
  layer(['src/web/**'], ['server', 'engine', 'lists', 'cli'], 'src/web depends on src/shared only.'),
  layer(['src/server/**'], ['web', 'cli'], 'Nothing imports the web app or the CLI.'),
);
