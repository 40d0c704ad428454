import { createFileRoute } from '@tanstack/react-router';
import { useRole } from '../../app/app-actor.tsx';
import { InviteFriendsScreen as InviteFriends } from '../../features/member/invite-friends-screen.tsx';
import { InvitedFriendsRecord } from '../../features/money/records-screen.tsx';

export const Route = createFileRoute('/_member-only/m/inviteFriends')({
  component: InviteFriendsScreen,
});

function InviteFriendsScreen() {
  const role = useRole();
  return <InviteFriends isTrial={role === 'trial'} friends={<InvitedFriendsRecord />} />;
}
