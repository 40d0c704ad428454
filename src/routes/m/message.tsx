import { createFileRoute } from '@tanstack/react-router';
import { useRole } from '../../app/app-actor.tsx';
import { MessageCenterScreen } from '../../features/messaging/message-center-screen.tsx';

export const Route = createFileRoute('/m/message')({
  loader: async ({ context }) => (await import('../../app/message-center-links.ts')).loadMessageCenterLinks(context),
  component: MessageScreen,
});

function MessageScreen() {
  const role = useRole();
  return <MessageCenterScreen key={role} role={role} links={Route.useLoaderData()} />;
}
