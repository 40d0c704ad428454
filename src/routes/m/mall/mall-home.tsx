import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../features/shell/coming-soon.tsx';

export const Route = createFileRoute('/_member-only/m/mall/mallHome')({
  component: MallHomeScreen,
});

/** Placeholder until the feature lands: route, title and layout are final. */
function MallHomeScreen() {
  return <ComingSoon icon="shopping-bag" />;
}
