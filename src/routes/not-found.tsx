import { createFileRoute, redirect } from '@tanstack/react-router';

/** Unknown paths go to /m/home with replace (spec section 2). */
export const Route = createFileRoute('/$')({
  beforeLoad: () => {
    throw redirect({ to: '/m/home', replace: true });
  },
});
