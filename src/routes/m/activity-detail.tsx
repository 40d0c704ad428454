import { createFileRoute } from '@tanstack/react-router';
import { activitySearch } from '../../../contract/route-search.ts';
import { withCatalogPart } from '../../app/catalog-part.ts';
import { openIdOf, PromotionsScreen } from '../../features/promotions/promotions-screen.tsx';

export const Route = createFileRoute('/m/activityDetail')({
  validateSearch: activitySearch,
  loader: () => withCatalogPart('content'),
  component: ActivityDetailScreen,
});

/** Spec section 2: /m/activityDetail shows the promotions page too, with `?id=` opened and scrolled to. */
function ActivityDetailScreen() {
  const { id } = Route.useSearch();
  return <PromotionsScreen openId={openIdOf(id)} />;
}
