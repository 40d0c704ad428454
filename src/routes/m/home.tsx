import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import * as z from 'zod/mini';
import type { GameCategory } from '../../../contract/game-categories.ts';
import { LobbyHome } from '../../features/lobby/lobby-home.tsx';

/**
 * Hub entries a link may select (`?category=HOT` from the bottom menu). The lotteries launch their game
 * instead, so they are not among them. (This schema is in the first load: no games contract here.)
 */
const hubCategories = ['HOME', 'HOT', 'FAV', 'RECENT', 'RNG', 'INHOUSE', 'FISH', 'LIVE', 'PVP', 'COCKFIGHT', 'SPORTS', 'ESPORTS'] as const satisfies readonly (
  | GameCategory
  | 'HOME'
)[];

/** /m/home?category= : the game hub entry to select (once; the home clears it). Anything else is ignored. */
const homeSearch = z.object({ category: z.catch(z.optional(z.enum(hubCategories)), undefined) });

export const Route = createFileRoute('/m/home')({
  validateSearch: homeSearch,
  // (Spec section 2: a member's wallet is refreshed when home opens: the header's balance does it.)
  loader: async () => (await import('../../app/lobby-actors.ts')).loadHomeData(),
  component: HomeRoute,
});

function HomeRoute() {
  const { category } = Route.useSearch();
  const navigate = Route.useNavigate();
  const shown = useCallback(() => void navigate({ search: {}, replace: true }), [navigate]);
  return <LobbyHome data={Route.useLoaderData()} category={category} onCategoryShown={shown} />;
}
