import { createFileRoute } from '@tanstack/react-router';
import { SettingsScreen } from '../../features/identity/settings-screen.tsx';
import { withCatalogPart } from '../../app/catalog-part.ts';

export const Route = createFileRoute('/m/set')({
  loader: () => withCatalogPart('identity'),
  component: SettingsScreen,
});
