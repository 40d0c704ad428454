import { createFileRoute } from '@tanstack/react-router';
import { liveSearch } from '../../../contract/route-search.ts';
import { withCatalogPart } from '../../app/catalog-part.ts';
import { LiveScreen } from '../../features/live/live-screen.tsx';

export const Route = createFileRoute('/m/live')({
  validateSearch: liveSearch,
  loader: () => withCatalogPart('content'),
  component: LiveRoute,
});

function LiveRoute() {
  return <LiveScreen roomId={Route.useSearch().room || null} />;
}
