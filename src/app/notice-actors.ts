/**
 * The messaging machines (machines/unread, notices, message-center) with
 * their real side effects: the announcement and inbox endpoints
 * (contract/notices.ts, contract/content.ts, contract/inbox.ts), new tabs for
 * external links, and navigation through the app machine.
 *
 * Imported only by the messaging screens (lazily loaded route chunks), never
 * by the home's first load.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { type ActorRefFrom, fromPromise } from 'xstate';
import { announcementsEndpoint } from '../../contract/content.ts';
import { inboxUnreadEndpoint } from '../../contract/inbox.ts';
import { agentNoticeGroup, agentNoticesEndpoint, announcementUnreadEndpoint, markAnnouncementReadEndpoint, noticeTypes } from '../../contract/notices.ts';
import type { ConsolidatedSettings } from '../../contract/system.ts';
import { messageCenterMachine } from '../../machines/message-center.machine.ts';
import { type NoticeItem, type NoticeList, noticesMachine } from '../../machines/notices.machine.ts';
import { type FetchedKind, type UnreadCounts, unreadMachine } from '../../machines/unread.machine.ts';
import type { ApiCall } from '../api/client.ts';
import { apiCall } from './api.ts';
import { AppActorContext, selectLanguage, selectRole } from './app-actor.tsx';
import { loadMessageCenterLinks } from './message-center-links.ts';
import { goTo } from './navigation.ts';

// ------------------------------------------------------------------ unread counts

export function provideUnreadMachine(call: ApiCall = apiCall) {
  return unreadMachine.provide({
    actors: {
      loadCounts: fromPromise(async ({ input }: { input: { kinds: FetchedKind[] } }) => {
        const counts: Partial<Record<FetchedKind, number>> = {};
        // Chat has no backend yet (docs/messaging.md): its slot stays 0 and nothing is fetched for it.
        await Promise.all(
          input.kinds.map(async (kind) => {
            counts[kind] = await call(kind === 'inbox' ? inboxUnreadEndpoint : announcementUnreadEndpoint);
          }),
        );
        return counts;
      }),
    },
  });
}

export type UnreadActor = ActorRefFrom<typeof unreadMachine>;

const noCounts: UnreadCounts = { announcement: 0, inbox: 0, chat: 0 };

/**
 * The site's unread counts (system id `unread`, a long-lived child of the app
 * actor, started by the first screen that shows a badge). Every badge reads
 * these, so they all change together.
 */
export function useUnreadCounts(): UnreadCounts {
  const app = AppActorContext.useActorRef();
  const role = AppActorContext.useSelector(selectRole);
  const language = AppActorContext.useSelector(selectLanguage);
  const unread = AppActorContext.useSelector((s) => s.children.unread) as UnreadActor | undefined;
  useEffect(() => {
    if (!unread) app.send({ type: 'actor.spawn', systemId: 'unread', logic: provideUnreadMachine(), input: { role } });
  }, [app, unread, role]);
  // Who is signed in: the counts start or stop with the session (and are dropped for a trial account).
  const countedRole = useSelector(unread, (s) => s?.context.role);
  useEffect(() => {
    if (unread && countedRole !== undefined && countedRole !== role) unread.send({ type: 'session.change', loggedIn: role !== 'guest', role });
  }, [unread, countedRole, role]);
  // Announcements are counted in the reader's language: a change of language fetches that count again.
  const counted = useRef(language);
  useEffect(() => {
    if (counted.current === language) return;
    counted.current = language;
    unread?.send({ type: 'language.change' });
  }, [unread, language]);
  return useSelector(unread, (s) => s?.context.counts) ?? noCounts;
}

// ------------------------------------------------------------------ notices

const noticeOf = (a: { announcementId: number; title: string; content: string; startDate: string; read: boolean }): NoticeItem => ({
  announcementId: a.announcementId,
  title: a.title,
  content: a.content,
  startDate: a.startDate,
  read: a.read,
});

/** The notice screen's list (B, PL, PU in the reader's language), or the agents' notices (A, group m_home). */
export function provideNoticesMachine(source: 'player' | 'agent', call: ApiCall = apiCall) {
  return noticesMachine.provide({
    actors: {
      loadNotices: fromPromise(async (): Promise<NoticeList> => {
        if (source === 'agent') {
          const v = await call(agentNoticesEndpoint, { query: { types: 'A', groupName: agentNoticeGroup } });
          return { list: v.list.map(noticeOf), unreadCount: v.footer.unreadCount };
        }
        const groups = await call(announcementsEndpoint, { query: { types: noticeTypes, platform: 'M' } });
        const list = [...groups.player, ...groups.banners, ...groups.popup].map(noticeOf);
        return { list, unreadCount: list.filter((n) => !n.read).length };
      }),
      markRead: fromPromise(async ({ input }: { input: { announcementId: number } }): Promise<unknown> =>
        call(markAnnouncementReadEndpoint, { body: { announcementId: input.announcementId, read: true } }),
      ),
    },
  });
}

/** The app language, so a screen can load its list again when it changes. */
export const useAppLanguage = () => AppActorContext.useSelector(selectLanguage);

// ------------------------------------------------------------------ message center

export function provideMessageCenterMachine(
  settings: () => Promise<ConsolidatedSettings | null>,
  openUrl: (url: string) => void = (url) => window.open(url, '_blank', 'noopener'),
  call: ApiCall = apiCall,
) {
  return messageCenterMachine.provide({
    actors: {
      loadLinks: fromPromise(() => loadMessageCenterLinks(call, settings)),
    },
    actions: {
      goTo,
      openUrl: (_, { url }) => openUrl(url),
      // Live chat has no backend of its own yet (docs/messaging.md): the row opens the merchant's LIVECHAT link.
      openChat: (_, { url }) => {
        if (url) openUrl(url);
      },
    },
  });
}
