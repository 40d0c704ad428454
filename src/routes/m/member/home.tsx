import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../features/shell/coming-soon.tsx';

export const Route = createFileRoute('/_member-only/m/member/home')({
  component: HomeScreen,
});

/** Placeholder until the feature lands: route, title and layout are final. */
function HomeScreen() {
  return <ComingSoon icon="user-round" />;
}
