import { createFileRoute } from '@tanstack/react-router';
import { loginSearch } from '../../../contract/route-search.ts';
import { LoginScreen } from '../../features/identity/login-screen.tsx';
import { loadIdentityRoute } from '../../app/catalog-part.ts';

export const Route = createFileRoute('/m/login')({
  validateSearch: loginSearch,
  loader: () => loadIdentityRoute('loadLoginScreen'),
  component: LoginRoute,
});

function LoginRoute() {
  const { switches, content } = Route.useLoaderData();
  const { redirect } = Route.useSearch();
  return <LoginScreen switches={switches} content={content} redirect={redirect} />;
}
