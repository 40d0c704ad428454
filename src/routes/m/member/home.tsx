import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { MemberCenterScreen } from '../../../features/member/member-center-screen.tsx';
import { loadLogoutDialog } from '../../shell-slots.ts';

const LogoutDialog = lazy(loadLogoutDialog);

export const Route = createFileRoute('/_member-only/m/member/home')({
  component: HomeScreen,
});

function HomeScreen() {
  // The merchant's settings (the bet record switch), asked once per page life.
  const { settings } = Route.useRouteContext();
  return <MemberCenterScreen settings={settings()} LogoutDialog={LogoutDialog} />;
}
