import { createFileRoute, redirect } from '@tanstack/react-router';

/** `/m/index` is the home screen (spec section 2): redirect to /m/home with replace. */
export const Route = createFileRoute('/m/index')({
  beforeLoad: () => {
    throw redirect({ to: '/m/home', replace: true });
  },
});
