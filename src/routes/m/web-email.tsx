import { createFileRoute } from '@tanstack/react-router';
import { useRole } from '../../app/app-actor.tsx';
import { withCatalogPart } from '../../app/catalog-part.ts';
import { InboxScreen } from '../../features/inbox/inbox-screen.tsx';

export const Route = createFileRoute('/_member-only/m/webEmail')({
  loader: () => withCatalogPart('content'),
  component: WebEmailScreen,
});

/** The inbox; a trial account sees the refusal instead (the inbox machine's `refused`). */
function WebEmailScreen() {
  const role = useRole();
  return <InboxScreen isTrial={role === 'trial'} />;
}
