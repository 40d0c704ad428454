import { createFileRoute } from '@tanstack/react-router';
import { LeaderboardScreen } from '../../features/member/leaderboard-screen.tsx';

export const Route = createFileRoute('/_member-only/m/leaderboard')({
  component: LeaderboardScreen,
});
