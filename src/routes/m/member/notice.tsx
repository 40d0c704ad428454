import { createFileRoute } from '@tanstack/react-router';
import { typesSearch } from '../../../../contract/route-search.ts';
import { ComingSoon } from '../../../features/shell/coming-soon.tsx';

export const Route = createFileRoute('/_agent-only/m/member/notice')({
  validateSearch: typesSearch,
  component: NoticeScreen,
});

/** Placeholder until the feature lands: route, title and layout are final. */
function NoticeScreen() {
  return <ComingSoon icon="megaphone" />;
}
