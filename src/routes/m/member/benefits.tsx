import { createFileRoute } from '@tanstack/react-router';
import { VipRoomScreen } from '../../../features/member/loyalty-screens.tsx';

export const Route = createFileRoute('/_member-only/m/member/benefits')({
  component: VipRoomScreen,
});
