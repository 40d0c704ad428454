import { createFileRoute } from '@tanstack/react-router';
import { withCatalogPart } from '../app/catalog-part.ts';
import { StaffConsoleScreen } from '../features/staff/staff-console-screen.tsx';

/** The staff console (customer service): its own sign-in, none of the players' site around it. */
export const Route = createFileRoute('/staff')({
  loader: () => withCatalogPart('content'),
  component: StaffConsoleScreen,
});
