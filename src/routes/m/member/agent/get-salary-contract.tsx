import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../features/shell/coming-soon.tsx';

export const Route = createFileRoute('/_agent-only/m/member/agent/getSalaryContract')({
  component: GetSalaryContractScreen,
});

/** Placeholder until the feature lands: route, title and layout are final. */
function GetSalaryContractScreen() {
  return <ComingSoon icon="file-pen-line" />;
}
