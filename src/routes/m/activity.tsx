import { createFileRoute } from '@tanstack/react-router';
import { activitySearch } from '../../../contract/route-search.ts';
import { ComingSoon } from '../../features/shell/coming-soon.tsx';

export const Route = createFileRoute('/m/activity')({
  validateSearch: activitySearch,
  component: ActivityScreen,
});

/** Placeholder until the feature lands: route, title and layout are final. */
function ActivityScreen() {
  return <ComingSoon icon="gift" />;
}
