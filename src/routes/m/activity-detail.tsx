import { createFileRoute } from '@tanstack/react-router';
import { activitySearch } from '../../../contract/route-search.ts';
import { ComingSoon } from '../../features/shell/coming-soon.tsx';

export const Route = createFileRoute('/m/activityDetail')({
  validateSearch: activitySearch,
  component: ActivityDetailScreen,
});

/** Placeholder until the feature lands: route, title and layout are final. */
function ActivityDetailScreen() {
  return <ComingSoon icon="gift" />;
}
