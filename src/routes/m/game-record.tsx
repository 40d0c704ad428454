import { createFileRoute } from '@tanstack/react-router';
import { History } from 'lucide-react';
import { ComingSoon } from '../../features/shell/coming-soon.tsx';

export const Route = createFileRoute('/_member-only/m/gameRecord')({
  component: GameRecordScreen,
});

/** Placeholder until the feature lands: route, title and layout are final. */
function GameRecordScreen() {
  return <ComingSoon icon={History} />;
}
