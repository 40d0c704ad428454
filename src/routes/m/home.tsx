import { createFileRoute } from '@tanstack/react-router';
import { HomeScreen } from '../../features/home/home-screen.tsx';

export const Route = createFileRoute('/m/home')({
  component: HomeScreen,
});
