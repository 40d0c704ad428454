import { createFileRoute } from '@tanstack/react-router';
import { loginSearch } from '../../app/search-schemas.ts';
import { LoginScreen } from '../../features/identity/login-screen.tsx';

export const Route = createFileRoute('/m/login')({
  validateSearch: loginSearch,
  loader: async () => (await import('../../app/identity-actors.ts')).loadIdentitySwitches(),
  component: LoginRoute,
});

function LoginRoute() {
  const switches = Route.useLoaderData();
  const { redirect } = Route.useSearch();
  return <LoginScreen switches={switches} redirect={redirect} />;
}
