import { createFileRoute } from '@tanstack/react-router';
import { ForgetScreen } from '../../features/identity/forget-screen.tsx';

export const Route = createFileRoute('/m/forget')({
  loader: async () => (await import('../../app/identity-actors.ts')).loadIdentitySwitches(),
  component: ForgetRoute,
});

function ForgetRoute() {
  return <ForgetScreen switches={Route.useLoaderData()} />;
}
