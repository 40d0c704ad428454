import { createFileRoute } from '@tanstack/react-router';
import { LockKeyhole } from 'lucide-react';
import { ComingSoon } from '../../features/shell/coming-soon.tsx';

export const Route = createFileRoute('/m/changePsw')({
  component: ChangePswScreen,
});

/** Placeholder until the feature lands: route, title and layout are final. */
function ChangePswScreen() {
  return <ComingSoon icon={LockKeyhole} />;
}
