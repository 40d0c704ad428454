import { createFileRoute } from '@tanstack/react-router';
import { useRole } from '../../app/app-actor.tsx';
import { ResponsibleGamingScreen as ResponsibleGaming } from '../../features/member/responsible-gaming-screen.tsx';

export const Route = createFileRoute('/_member-only/m/responsibleGaming')({
  component: ResponsibleGamingScreen,
});

function ResponsibleGamingScreen() {
  const role = useRole();
  return <ResponsibleGaming isTrial={role === 'trial'} />;
}
