import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../features/shell/coming-soon.tsx';

export const Route = createFileRoute('/_member-only/m/inviteFriends')({
  component: InviteFriendsScreen,
});

/** Placeholder until the feature lands: route, title and layout are final. */
function InviteFriendsScreen() {
  return <ComingSoon icon="share-2" />;
}
