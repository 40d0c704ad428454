import { createFileRoute } from '@tanstack/react-router';
import { registerSearch } from '../../app/search-schemas.ts';
import { RegisterScreen } from '../../features/identity/register-screen.tsx';

export const Route = createFileRoute('/m/register')({
  validateSearch: registerSearch,
  component: RegisterRoute,
});

function RegisterRoute() {
  const { affiliateCode, recommenderId } = Route.useSearch();
  return <RegisterScreen affiliateCode={affiliateCode} recommenderId={recommenderId} />;
}
