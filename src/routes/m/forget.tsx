import { createFileRoute } from '@tanstack/react-router';
import { ForgetScreen } from '../../features/identity/forget-screen.tsx';
import { withCatalogPart } from '../../app/catalog-part.ts';

export const Route = createFileRoute('/m/forget')({
  loader: () => withCatalogPart('identity', async () => (await import('../../app/identity-actors.ts')).loadIdentitySwitches()),
  component: ForgetRoute,
});

function ForgetRoute() {
  return <ForgetScreen switches={Route.useLoaderData()} />;
}
