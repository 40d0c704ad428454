import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../features/shell/coming-soon.tsx';

export const Route = createFileRoute('/_member-only/m/member/benefits')({
  component: BenefitsScreen,
});

/** Placeholder until the feature lands: route, title and layout are final. */
function BenefitsScreen() {
  return <ComingSoon icon="crown" />;
}
