import { createFileRoute, Outlet } from '@tanstack/react-router';
import { requireSession } from '../../app/route-guards.ts';

/** Pathless layout: its screens need a session (member, trial or agent). */
export const Route = createFileRoute('/_member-only')({
  beforeLoad: requireSession,
  component: Outlet,
});
