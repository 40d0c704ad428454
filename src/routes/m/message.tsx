import { createFileRoute } from '@tanstack/react-router';
import { useRole } from '../../app/app-actor.tsx';
import { MessageCenterScreen } from '../../features/messaging/message-center-screen.tsx';

export const Route = createFileRoute('/m/message')({
  component: MessageScreen,
});

/** The message center; its machine reads the merchant's links (and CBS3 from the settings the root route loads). */
function MessageScreen() {
  const role = useRole();
  const { settings } = Route.useRouteContext();
  return <MessageCenterScreen key={role} role={role} settings={settings} />;
}
