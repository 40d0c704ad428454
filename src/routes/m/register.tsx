import { createFileRoute } from '@tanstack/react-router';
import { UserPlus } from 'lucide-react';
import { registerSearch } from '../../app/search-schemas.ts';
import { ComingSoon } from '../../features/shell/coming-soon.tsx';

export const Route = createFileRoute('/m/register')({
  validateSearch: registerSearch,
  component: RegisterScreen,
});

/** Placeholder until the feature lands: route, title and layout are final. */
function RegisterScreen() {
  return <ComingSoon icon={UserPlus} />;
}
