import { createFileRoute } from '@tanstack/react-router';
import { registerSearch } from '../../../contract/route-search.ts';
import { RegisterScreen } from '../../features/identity/register-screen.tsx';
import { loadIdentityRoute } from '../../app/catalog-part.ts';

export const Route = createFileRoute('/m/register')({
  validateSearch: registerSearch,
  // The registration announcement (types B, group m_reg); the form's rules are the machine's to load.
  loader: () => loadIdentityRoute('loadRegistrationNotice'),
  component: RegisterRoute,
});

function RegisterRoute() {
  const notices = Route.useLoaderData();
  const { affiliateCode, recommenderId } = Route.useSearch();
  return <RegisterScreen affiliateCode={affiliateCode} recommenderId={recommenderId} notices={notices} />;
}
