import { createFileRoute, redirect } from '@tanstack/react-router';
import { registerSearch } from '../../../contract/route-search.ts';

/** `/m/register.html` is the register screen (spec section 2); the invitation params are kept. */
export const Route = createFileRoute('/m/register.html')({
  validateSearch: registerSearch,
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/m/register', search, replace: true });
  },
});
