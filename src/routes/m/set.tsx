import { createFileRoute } from '@tanstack/react-router';
import { SettingsScreen } from '../../features/identity/settings-screen.tsx';

export const Route = createFileRoute('/m/set')({
  component: SettingsScreen,
});
