import { createFileRoute } from '@tanstack/react-router';
import { useRole } from '../../../app/app-actor.tsx';
import { KycScreen as Kyc } from '../../../features/member/kyc-screen.tsx';

export const Route = createFileRoute('/_member-only/m/member/kyc')({
  component: KycScreen,
});

function KycScreen() {
  const role = useRole();
  return <Kyc isTrial={role === 'trial'} />;
}
