import { createFileRoute, Outlet } from '@tanstack/react-router';
import { requireAgent } from '../../app/route-guards.ts';

/** Pathless layout: its screens are for agent members only. */
export const Route = createFileRoute('/_agent-only')({
  beforeLoad: requireAgent,
  component: Outlet,
});
