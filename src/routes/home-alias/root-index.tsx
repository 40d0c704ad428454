import { createFileRoute, redirect } from '@tanstack/react-router';

/** `/` is the home screen (spec section 2): redirect to /m/home with replace. */
export const Route = createFileRoute('/')({
  beforeLoad: () => {
    throw redirect({ to: '/m/home', replace: true });
  },
});
