import { createFileRoute } from '@tanstack/react-router';
import { noticeSearch } from '../../../contract/route-search.ts';
import { useRole } from '../../app/app-actor.tsx';
import { NoticeScreen } from '../../features/messaging/notice-screens.tsx';

export const Route = createFileRoute('/m/notice')({
  validateSearch: noticeSearch,
  component: NoticeRoute,
});

/** Announcements; `?index=` opens that item of the list. */
function NoticeRoute() {
  const role = useRole();
  const { index } = Route.useSearch();
  return <NoticeScreen key={role} role={role} index={index ?? null} />;
}
