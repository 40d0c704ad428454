import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';

/**
 * The screen is a chunk of its own, with its styles, loaded by the route's: the route table of the site's
 * first load then names none of its stylesheets (the home's first-load budget, tests/bench/bench-bundle.ts).
 */
const DividendScreen = lazy(() => import('../../../../features/agent/dividend-screen.tsx').then((m) => ({ default: m.DividendScreen })));

export const Route = createFileRoute('/_agent-only/m/member/agent/agentDivident')({
  component: DividendScreen,
});
