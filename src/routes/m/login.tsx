import { createFileRoute } from '@tanstack/react-router';
import { loginSearch } from '../../../contract/route-search.ts';
import { LoginScreen } from '../../features/identity/login-screen.tsx';
import { withCatalogPart } from '../../app/catalog-part.ts';

export const Route = createFileRoute('/m/login')({
  validateSearch: loginSearch,
  loader: () =>
    withCatalogPart('identity', async () => {
      const { loadIdentitySwitches, loadLoginContent } = await import('../../app/identity-actors.ts');
      const [switches, content] = await Promise.all([loadIdentitySwitches(), loadLoginContent()]);
      return { switches, content };
    }),
  component: LoginRoute,
});

function LoginRoute() {
  const { switches, content } = Route.useLoaderData();
  const { redirect } = Route.useSearch();
  return <LoginScreen switches={switches} content={content} redirect={redirect} />;
}
