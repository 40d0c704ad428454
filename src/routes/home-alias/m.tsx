import { createFileRoute, redirect } from '@tanstack/react-router';

/** `/m` is the home screen (spec section 2): redirect to /m/home with replace. */
export const Route = createFileRoute('/m')({
  beforeLoad: () => {
    throw redirect({ to: '/m/home', replace: true });
  },
});
