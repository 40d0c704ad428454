import { createFileRoute } from '@tanstack/react-router';
import { noticeSearch } from '../../../contract/route-search.ts';
import { ComingSoon } from '../../features/shell/coming-soon.tsx';

export const Route = createFileRoute('/m/notice')({
  validateSearch: noticeSearch,
  component: NoticeScreen,
});

/** Placeholder until the feature lands: route, title and layout are final. */
function NoticeScreen() {
  return <ComingSoon icon="megaphone" />;
}
