// Lint the boundaries the code layout promises (docs/decisions.md, "Code layout"); formatting is Prettier's.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

const dirs = (dir) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const files = (dir) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));

/**
 * One table, one owner: a module's entities are imported by that module alone (and by the root module, which
 * lists every entity for TypeORM). The signed-in user is the exception: the auth guard hands `UserEntity` to
 * every controller, which passes it on.
 */
const entityZones = dirs('api/src').flatMap((module) =>
  files(`api/src/${module}`)
    .filter((file) => file.endsWith('.entity.ts') && file !== 'api/src/users/user.entity.ts')
    .map((entity) => ({
      target: [`api/src/!(${module})/**/*`],
      from: `./${entity}`,
      message: `${entity} belongs to the ${module} module: ask its repository or service instead.`,
    })),
);

/**
 * The same rule for SQL: a module's tables are read and written by that module alone. A table is owned by the
 * module of its entity, or by the module named here for tables kept without one.
 */
const tablesWithoutEntity = {
  auth: ['password_reset_codes'],
  database: ['identity_secrets', 'throttle_attempts'],
  identity: ['email_verifications', 'oidc_payloads'],
  jobs: ['job_holders'],
  plans: ['plans', 'billing_accounts', 'billing_events'],
};
const tableOwners = [
  ...dirs('api/src').flatMap((module) =>
    files(`api/src/${module}`)
      .filter((file) => file.endsWith('.entity.ts'))
      .flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/@Entity\(\{ name: '(\w+)' \}\)/g)].map((m) => ({ table: m[1], module }))),
  ),
  ...Object.entries(tablesWithoutEntity).flatMap(([module, tables]) => tables.map((table) => ({ table, module }))),
];
const sqlOwnershipRules = dirs('api/src').map((module) => ({
  files: [`api/src/${module}/**/*.ts`],
  ignores: ['api/src/database/migrations/**'],
  rules: {
    'no-restricted-syntax': [
      'error',
      ...tableOwners
        .filter((owner) => owner.module !== module)
        .flatMap(({ table, module: owner }) => {
          const sql = `/\\b(FROM|JOIN|UPDATE|INTO|TABLE)\\s+"?${table}\\b/i`;
          const message = `The ${table} table belongs to the ${owner} module: ask its repository instead.`;
          return [
            { selector: `Literal[value=${sql}]`, message },
            { selector: `TemplateElement[value.raw=${sql}]`, message },
          ];
        }),
    ],
  },
}));

/**
 * The API's modules, lowest first (docs/project-structure.md): platform → accounts → sessions → analysis → readers,
 * then the processes that compose them. A module imports only modules below it, and only through their face, the
 * module's `index.ts`; what a face does not export is private. `api/src/tooling.ts`, the API's face for tests and
 * benchmarks, may reach inside.
 */
const API_LAYERS = [
  ['common', 'config', 'database', 'jobs', 'storage', 'mail', 'identity'],
  ['users', 'auth', 'plans'],
  ['sessions'],
  ['team-data', 'squad', 'analysis', 'figures'],
  ['dashboards', 'reviews', 'teams', 'demo', 'help', 'health'],
  ['web', 'worker', 'cli'],
];
const apiModules = API_LAYERS.flat();
const undeclared = dirs('api/src').filter((module) => !apiModules.includes(module));
if (undeclared.length) throw new Error(`eslint.config.mjs: place ${undeclared.join(', ')} in API_LAYERS`);
const apiFaceZones = apiModules
  .filter((module) => readdirSync(`api/src/${module}`).includes('index.ts'))
  .map((module) => ({
    target: [`api/src/!(${module})/**/!(*.spec).ts`, 'api/src/!(tooling).ts'],
    from: `./api/src/${module}`,
    except: ['./index.ts'],
    message: `Import the ${module} module through its face (api/src/${module}/index.ts); export what you need there.`,
  }));
// Modules only import modules listed before them: ahead of them in API_LAYERS' order, which is the dependency order.
const apiLayerZones = apiModules.slice(0, -1).map((module, rank) => ({
  target: `./api/src/${module}`,
  from: apiModules.slice(rank + 1).map((above) => `./api/src/${above}`),
  message: `${module} sits below these modules (API_LAYERS in eslint.config.mjs): move what both need down, or ask through a module below.`,
}));

/** No web feature imports another; what two features share lives in components/ or lib/. */
const featureZones = dirs('web/src/features').map((feature) => ({
  target: `./web/src/features/${feature}`,
  from: './web/src/features',
  except: [`./${feature}`],
  message: 'A feature does not import another feature: move what both need to components/ or lib/.',
}));

const layerZones = [
  { target: './web/src/features', from: './web/src/app', message: 'Features are composed by app/, not the other way round.' },
  {
    target: ['./web/src/components', './web/src/lib', './web/src/config'],
    from: ['./web/src/features', './web/src/app'],
    message: 'Shared web code does not import features or the app.',
  },
  { target: './shared/src', from: ['./api', './web', './e2e'], message: 'shared/ is imported by the API and the web app, never the reverse.' },
  { target: './api/src', from: ['./web', './e2e', './api/test'], message: 'The API does not import the web app or tests.' },
  { target: './web/src', from: ['./api', './e2e'], message: 'The web app talks to the API over HTTP, with types from shared/.' },
  {
    // The product's own unit tests (*.spec.ts beside the code) may use the tooling; the product never does.
    target: ['./api/src/**/!(*.spec).ts', './web/src/**/!(*.spec).{ts,tsx}', './shared/src/**/!(*.spec).ts'],
    from: './tooling',
    message: 'The product does not import the test tooling (@touchline/tooling); tests, benchmarks and launchers do.',
  },
];

/**
 * The test layers sit above the product: the API's own tests (`api/test`) may reach inside the API, as its unit
 * tests do, but not into the web app or the browser tests; the browser tests (`e2e`) drive the product from outside
 * and read only the API's leaf declarations (its environment variables, a free port) and the web's route paths;
 * the tooling reaches the API only at run time, through `@touchline/api/tooling`.
 */
const testZones = [
  {
    target: './api/test',
    from: ['./web', './e2e', './tooling/src'],
    message: "The API's tests drive the API (and the built @touchline/tooling); not the web app or the browser tests.",
  },
  {
    target: './e2e',
    from: './api/src',
    except: ['./config/env-schema.ts', './common/net.ts'],
    message: 'The browser tests drive the product from outside: over HTTP and in the browser, with @touchline/tooling.',
  },
  {
    target: './e2e',
    from: './web/src',
    except: ['./config/paths.ts'],
    message: 'The browser tests drive the web app in the browser; they read only its route paths.',
  },
  {
    target: './tooling/src',
    from: ['./api/src', './api/test', './web', './e2e'],
    message: 'The tooling reaches the API at run time through @touchline/api/tooling, and serves the tests; it imports neither.',
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'web/public/**', 'e2e/test-results/**'] },
  {
    files: ['api/src/**/*.ts', 'web/src/**/*.{ts,tsx}', 'shared/src/**/*.ts'],
    languageOptions: { parser: tseslint.parser },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: ['api/tsconfig.json', 'web/tsconfig.json', 'shared/tsconfig.json'], noWarnOnMultipleProjects: true }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...entityZones, ...featureZones, ...layerZones, ...apiFaceZones, ...apiLayerZones] }],
    },
  },
  {
    // The zone above by name too: it holds even before tooling/dist, which the zone resolves through, is built.
    files: ['api/src/**/*.ts', 'web/src/**/*.{ts,tsx}', 'shared/src/**/*.ts'],
    ignores: ['**/*.spec.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@touchline/tooling', '@touchline/tooling/*'], message: 'The product does not import the test tooling.' }] },
      ],
    },
  },
  {
    files: ['api/test/**/*.ts', 'e2e/**/*.ts', 'tooling/src/**/*.ts'],
    languageOptions: { parser: tseslint.parser },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['api/tsconfig.spec.json', 'e2e/tsconfig.json', 'tooling/tsconfig.json', 'web/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: testZones }] },
  },
  ...sqlOwnershipRules,
);
