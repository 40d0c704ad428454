import { createFileRoute } from '@tanstack/react-router';
import { typesSearch } from '../../../../contract/route-search.ts';
import { useRole } from '../../../app/app-actor.tsx';
import { AgentNoticesScreen } from '../../../features/messaging/notice-screens.tsx';

export const Route = createFileRoute('/_agent-only/m/member/notice')({
  validateSearch: typesSearch,
  component: AgentNoticeRoute,
});

/** The agents' notices (types A; the route is for agents only). */
function AgentNoticeRoute() {
  const role = useRole();
  return <AgentNoticesScreen key={role} role={role} />;
}
