import { createFileRoute } from '@tanstack/react-router';
import { withCatalogPart } from '../../app/catalog-part.ts';
import { LeaderboardScreen } from '../../features/member/leaderboard-screen.tsx';

export const Route = createFileRoute('/_member-only/m/leaderboard')({
  loader: () => withCatalogPart('identity'),
  component: LeaderboardScreen,
});
