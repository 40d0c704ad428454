/** The layer rules of .dependency-cruiser.cjs, but for the cycles, on the tests and their harnesses too. */
const base = require('./.dependency-cruiser.cjs');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: base.forbidden.filter((rule) => !rule.to.circular),
  options: { ...base.options, exclude: { path: ['^src/routeTree\\.gen\\.ts$', '^src/i18n/compiled/', '^node_modules/'] } },
};
