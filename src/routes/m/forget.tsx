import { createFileRoute } from '@tanstack/react-router';
import { ForgetScreen } from '../../features/identity/forget-screen.tsx';
import { loadIdentityRoute } from '../../app/catalog-part.ts';

export const Route = createFileRoute('/m/forget')({
  loader: () => loadIdentityRoute('loadIdentitySwitches'),
  component: ForgetRoute,
});

function ForgetRoute() {
  return <ForgetScreen switches={Route.useLoaderData()} />;
}
