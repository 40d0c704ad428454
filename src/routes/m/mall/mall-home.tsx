import { createFileRoute } from '@tanstack/react-router';
import { withCatalogPart } from '../../../app/catalog-part.ts';
import { RewardCenterScreen } from '../../../features/member/loyalty-screens.tsx';

export const Route = createFileRoute('/_member-only/m/mall/mallHome')({
  loader: () => withCatalogPart('identity'),
  component: RewardCenterScreen,
});
