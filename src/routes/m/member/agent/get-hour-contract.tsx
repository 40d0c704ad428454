import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';

/**
 * The screen is a chunk of its own, with its styles, loaded by the route's: the route table of the site's
 * first load then names none of its stylesheets (the home's first-load budget, tests/bench/bench-bundle.ts).
 */
const ContractScreen = lazy(() => import('../../../../features/agent/contract-screen.tsx').then((m) => ({ default: m.ContractScreen })));

export const Route = createFileRoute('/_member-only/m/member/agent/getHourContract')({
  component: GetHourContractScreen,
});

function GetHourContractScreen() {
  return <ContractScreen kind="hourly" />;
}
