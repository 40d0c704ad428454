import { createFileRoute, Outlet } from '@tanstack/react-router';
import { withCatalogPart } from '../../app/catalog-part.ts';
import { requireSession } from '../../app/route-guards.ts';

/**
 * Pathless layout: its screens need a session (member, trial or agent). Their titles are the identity
 * part's (src/i18n/catalog-parts.ts), in before any of them shows (a member has usually loaded it already,
 * with the login screen or the member menu).
 */
export const Route = createFileRoute('/_member-only')({
  beforeLoad: requireSession,
  loader: () => withCatalogPart('identity'),
  component: Outlet,
});
