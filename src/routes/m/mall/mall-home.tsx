import { createFileRoute } from '@tanstack/react-router';
import { RewardCenterScreen } from '../../../features/member/loyalty-screens.tsx';

export const Route = createFileRoute('/_member-only/m/mall/mallHome')({
  component: RewardCenterScreen,
});
