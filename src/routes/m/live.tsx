import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { withCatalogPart } from '../../app/catalog-part.ts';
import { LiveScreen } from '../../features/live/live-screen.tsx';

/** `?room=<id>` opens a room; without it, the list. */
const liveSearch = z.object({ room: z.catch(z.optional(z.coerce.number().check(z.int(), z.positive())), undefined) });

export const Route = createFileRoute('/m/live')({
  validateSearch: liveSearch,
  loader: () => withCatalogPart('content'),
  component: LiveRoute,
});

function LiveRoute() {
  const { room } = Route.useSearch();
  return <LiveScreen roomId={room ?? null} />;
}
