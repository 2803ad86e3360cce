// Lint: TypeScript recommended rules, the layer boundaries and the server's feature boundaries
// of docs/architecture.md (ADR 056).
import tseslint from 'typescript-eslint';

const layerPatterns = (forbidden, message) =>
  forbidden.map((group) => ({ group: [`\\#${group}/*`, `**/src/${group}/*`, `../${group}/*`, `../../${group}/*`], message }));

const layer = (files, forbidden, message) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns: layerPatterns(forbidden, message) }] },
});

/** Feature folders of src/server: each is used by the others only through its public.ts. */
export const SERVER_FEATURES = [
  'accounts', 'admin', 'analytics', 'api-keys', 'auth', 'batches', 'billing', 'health', 'home', 'interactive', 'lists', 'monitoring', 'public-api', 'results',
];
/** Composition roots may reach any feature's routes and jobs; tests may set up state through internals. */
export const BOUNDARY_EXEMPT = ['src/server/app.ts', 'src/server/main.ts', 'src/server/worker.ts', 'src/server/jobs/registry.ts', 'src/server/**/*.test.ts'];

const SERVER_LAYER = ['web', 'cli'];
const SERVER_LAYER_MESSAGE = 'Nothing imports the web app or the CLI.';

/** Imports of another feature's internals from a file whose relative path to src/server starts with `up`. */
const boundaryPatterns = (own, up) =>
  SERVER_FEATURES.filter((feature) => feature !== own).map((feature) => ({
    group: [`\\#server/${feature}/*`, `!\\#server/${feature}/public`, `${up}${feature}/*`, `!${up}${feature}/public`],
    message: `Feature boundary (ADR 056): use src/server/${feature} only through ${feature}/public.ts.`,
  }));

const boundary = (files, own, up) => ({
  files,
  ignores: BOUNDARY_EXEMPT,
  rules: {
    'no-restricted-imports': ['error', { patterns: [...layerPatterns(SERVER_LAYER, SERVER_LAYER_MESSAGE), ...boundaryPatterns(own, up)] }],
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
  layer(['src/server/**'], SERVER_LAYER, SERVER_LAYER_MESSAGE),
  // Files at the top of src/server (app-context.ts, config.ts, logger.ts) and in infrastructure folders.
  boundary(['src/server/*.ts'], null, './'),
  boundary(['src/server/*/**'], null, '../'),
  // A feature's own folder is its own business.
  ...SERVER_FEATURES.map((feature) => boundary([`src/server/${feature}/**`], feature, '../')),
);
