import { createFileRoute } from '@tanstack/react-router';
import { useRole, useSession } from '../../app/app-actor.tsx';
import { withCatalogPart } from '../../app/catalog-part.ts';
import { ChatScreen } from '../../features/chat/chat-screen.tsx';

export const Route = createFileRoute('/m/chat')({
  loader: () => withCatalogPart('content'),
  component: ChatRoute,
});

/**
 * The live chat (`chatScreenPath`, the `chatUrl` of a launch): open to
 * guests, who give a name and a contact first; a trial account sees the
 * refusal. A sign-in or sign-out starts the chat again for the new visitor.
 */
function ChatRoute() {
  const role = useRole();
  const token = useSession()?.token ?? null;
  return <ChatScreen key={`${role}:${token ?? ''}`} role={role} token={token} />;
}
