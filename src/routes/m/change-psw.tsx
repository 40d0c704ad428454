import { createFileRoute } from '@tanstack/react-router';
import { ChangePasswordScreen } from '../../features/identity/change-password-screen.tsx';

/** Open route (reached right after a first login); the screen itself checks the session user. */
export const Route = createFileRoute('/m/changePsw')({
  component: ChangePasswordScreen,
});
