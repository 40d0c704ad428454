import { createFileRoute } from '@tanstack/react-router';
import { TrialScreen } from '../../features/identity/trial-screen.tsx';
import { withCatalogPart } from '../../app/catalog-part.ts';

export const Route = createFileRoute('/m/trail')({
  loader: () => withCatalogPart('identity'),
  component: TrialScreen,
});
