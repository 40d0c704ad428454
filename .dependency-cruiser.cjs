/**
 * The layers of the house plan (../shared/ARCHITECTURE.md), checked by
 * `npm run lint:layers` (part of `npm test`) on the code the site and the
 * server run; `.dependency-cruiser-tests.cjs` applies the same rules, but for
 * the cycles, to the tests and their harnesses (a test sits beside its
 * module and may build the whole app). scripts/layers.test.ts seeds a
 * violation of each rule and checks that it is reported.
 */
const test = '(\\.test\\.tsx?|\\.spec\\.ts)$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A module never reaches itself through its imports.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-folder-cycles',
      severity: 'error',
      scope: 'folder',
      comment: 'No two folders import each other, directly or through others.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'contract-is-shared',
      severity: 'error',
      comment: 'contract/ is imported by src/ and server/ alike and imports neither (nor machines/, scripts/, tests/).',
      from: { path: '^contract/' },
      to: { path: '^(src|server|machines|scripts|tests)/' },
    },
    {
      name: 'machines-are-pure',
      severity: 'error',
      comment: 'machines/ import only xstate, contract/ and each other: no React, DOM, router or HTTP.',
      from: { path: '^machines/', pathNot: [test, '^machines/test/'] },
      to: { pathNot: ['^machines/', '^contract/', '^node_modules/xstate/'] },
    },
    {
      name: 'features-are-independent',
      severity: 'error',
      comment: 'A feature never imports another feature; what two features share lives in src/ui or src/app.',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/', pathNot: '^src/features/$1/' },
    },
    {
      name: 'views-do-not-call-the-api',
      severity: 'error',
      comment: 'Views read machine state and send events; the API client is called by actors (src/app) and loaders.',
      from: { path: '^src/features/', pathNot: test },
      to: { path: ['^src/api/client', '^node_modules/ofetch/'] },
    },
    {
      name: 'server-stands-alone',
      severity: 'error',
      comment: 'server/ never imports the SPA (src/) or the build scripts (scripts/).',
      from: { path: '^server/' },
      to: { path: '^(src|scripts|tests)/' },
    },
    {
      name: 'spa-does-not-import-the-server',
      severity: 'error',
      from: { path: '^(src|machines)/' },
      to: { path: '^server/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^src/routeTree\\.gen\\.ts$', '^src/i18n/compiled/', '^node_modules/', test, '^(server|src|machines)/test/', '^tests/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
