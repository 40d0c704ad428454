import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../features/shell/coming-soon.tsx';

export const Route = createFileRoute('/_member-only/m/webEmail')({
  component: WebEmailScreen,
});

/** Placeholder until the feature lands: route, title and layout are final. */
function WebEmailScreen() {
  return <ComingSoon icon="mail" />;
}
