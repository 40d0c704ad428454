import { createFileRoute } from '@tanstack/react-router';
import { MyAccountScreen as MyAccount } from '../../../features/member/my-account-screen.tsx';

export const Route = createFileRoute('/_member-only/m/myAccount/index')({
  component: MyAccountScreen,
});

function MyAccountScreen() {
  const { settings } = Route.useRouteContext();
  return <MyAccount settings={settings()} />;
}
