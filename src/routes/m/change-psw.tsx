import { createFileRoute } from '@tanstack/react-router';
import { requirePasswordAccount } from '../../app/route-guards.ts';
import { ChangePasswordScreen } from '../../features/identity/change-password-screen.tsx';
import { withCatalogPart } from '../../app/catalog-part.ts';

/** Needs a session with a password: guests go to /m/login, trial accounts home (both with replace). */
export const Route = createFileRoute('/m/changePsw')({
  beforeLoad: requirePasswordAccount,
  loader: () => withCatalogPart('identity'),
  component: ChangePasswordScreen,
});
