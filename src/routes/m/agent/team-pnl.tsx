import { createFileRoute } from '@tanstack/react-router';
import { typesSearch } from '../../../../contract/route-search.ts';
import { pnlViewOf, TeamPnlScreen } from '../../../features/agent/team-screens.tsx';

export const Route = createFileRoute('/_agent-only/m/agent/team/pnl')({
  validateSearch: typesSearch,
  component: TeamPnlRoute,
});

/** `?types=D`: the team's result by day; anything else (A, the default): by member. */
function TeamPnlRoute() {
  const view = pnlViewOf(Route.useSearch().types);
  const navigate = Route.useNavigate();
  return <TeamPnlScreen key={view} view={view} onViewChange={(next) => navigate({ search: { types: next }, replace: true })} />;
}
