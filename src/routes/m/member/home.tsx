import { createFileRoute } from '@tanstack/react-router';
import { UserRound } from 'lucide-react';
import { ComingSoon } from '../../../features/shell/coming-soon.tsx';

export const Route = createFileRoute('/_member-only/m/member/home')({
  component: HomeScreen,
});

/** Placeholder until the feature lands: route, title and layout are final. */
function HomeScreen() {
  return <ComingSoon icon={UserRound} />;
}
