import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../features/shell/coming-soon.tsx';

export const Route = createFileRoute('/_agent-only/m/redRain')({
  component: RedRainScreen,
});

/** Placeholder until the feature lands: route, title and layout are final. */
function RedRainScreen() {
  return <ComingSoon icon="cloud-rain" />;
}
