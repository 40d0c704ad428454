import { createFileRoute } from '@tanstack/react-router';
import { activitySearch } from '../../../contract/route-search.ts';
import { withCatalogPart } from '../../app/catalog-part.ts';
import { openIdOf, PromotionsScreen } from '../../features/promotions/promotions-screen.tsx';

export const Route = createFileRoute('/m/activity')({
  validateSearch: activitySearch,
  loader: () => withCatalogPart('content'),
  component: ActivityScreen,
});

/** Promotions; `?id=` opens and scrolls to one (the same screen as /m/activityDetail). */
function ActivityScreen() {
  const { id } = Route.useSearch();
  return <PromotionsScreen openId={openIdOf(id)} />;
}
