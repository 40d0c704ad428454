import { createFileRoute } from '@tanstack/react-router';
import { withCatalogPart } from '../../../app/catalog-part.ts';
import { VipRoomScreen } from '../../../features/member/loyalty-screens.tsx';

export const Route = createFileRoute('/_member-only/m/member/benefits')({
  loader: () => withCatalogPart('identity'),
  component: VipRoomScreen,
});
