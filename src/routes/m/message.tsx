import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../features/shell/coming-soon.tsx';

export const Route = createFileRoute('/m/message')({
  component: MessageScreen,
});

/** Placeholder until the feature lands: route, title and layout are final. */
function MessageScreen() {
  return <ComingSoon icon="messages-square" />;
}
