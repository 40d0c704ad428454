import { createFileRoute } from '@tanstack/react-router';
import { LogIn } from 'lucide-react';
import { loginSearch } from '../../app/search-schemas.ts';
import { ComingSoon } from '../../features/shell/coming-soon.tsx';

export const Route = createFileRoute('/m/login')({
  validateSearch: loginSearch,
  component: LoginScreen,
});

/** Placeholder until the feature lands: route, title and layout are final. */
function LoginScreen() {
  return <ComingSoon icon={LogIn} />;
}
