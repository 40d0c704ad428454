import { createFileRoute } from '@tanstack/react-router';
import { BetRecordScreen } from '../../features/money/records-screen.tsx';

export const Route = createFileRoute('/_member-only/m/gameRecord')({
  component: BetRecordScreen,
});
