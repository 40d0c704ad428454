import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../features/shell/coming-soon.tsx';

export const Route = createFileRoute('/_agent-only/m/member/agent/getHourContract')({
  component: GetHourContractScreen,
});

/** Placeholder until the feature lands: route, title and layout are final. */
function GetHourContractScreen() {
  return <ComingSoon icon="file-clock" />;
}
