import { createFileRoute } from '@tanstack/react-router';
import { withCatalogPart } from '../../../app/catalog-part.ts';
import { MyAccountScreen as MyAccount } from '../../../features/member/my-account-screen.tsx';

export const Route = createFileRoute('/_member-only/m/myAccount/index')({
  loader: () => withCatalogPart('identity'),
  component: MyAccountScreen,
});

function MyAccountScreen() {
  const { settings } = Route.useRouteContext();
  return <MyAccount settings={settings()} />;
}
