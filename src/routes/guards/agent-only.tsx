import { createFileRoute, Outlet } from '@tanstack/react-router';
import { withCatalogPart } from '../../app/catalog-part.ts';
import { requireAgent } from '../../app/route-guards.ts';

/**
 * Pathless layout: its screens are for agent members only. Their titles (and the agency centre's
 * messages) are the identity part's (src/i18n/catalog-parts.ts), in before any of them shows.
 */
export const Route = createFileRoute('/_agent-only')({
  beforeLoad: requireAgent,
  loader: () => withCatalogPart('identity'),
  component: Outlet,
});
