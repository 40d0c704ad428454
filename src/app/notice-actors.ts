/**
 * The messaging machines (machines/unread, notices, message-center) with
 * their real side effects: the announcement, inbox and chat unread endpoints
 * (contract/notices.ts, contract/content.ts, contract/inbox.ts,
 * contract/chat.ts), new tabs for external links, the chat launcher
 * (src/app/chat-launch-actors.ts, loaded with the first tap on live chat),
 * and navigation through the app machine.
 *
 * Imported only by the messaging screens (lazily loaded route chunks), never
 * by the home's first load.
 */
import { useRouter } from '@tanstack/react-router';
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
import { siteHref } from './site-href.ts';

// ------------------------------------------------------------------ unread counts

/**
 * The live chat's unread count (module CBS3). The chat's contract comes with the first count of it
 * (a member's, with the switch on), not with the screens' first load.
 */
async function chatUnread(call: ApiCall): Promise<number> {
  const { chatModule, chatUnreadEndpoint } = await import('../../contract/chat.ts');
  return (await call(chatUnreadEndpoint, { query: { module: chatModule } })).unReadCount;
}

export function provideUnreadMachine(call: ApiCall = apiCall) {
  return unreadMachine.provide({
    actors: {
      // Each count on its own: one that fails keeps the count shown, the others still change (all failing is a failure).
      loadCounts: fromPromise(async ({ input }: { input: { kinds: FetchedKind[] } }) => {
        const counts: Partial<Record<FetchedKind, number>> = {};
        const settled = await Promise.allSettled(
          input.kinds.map(async (kind) => {
            counts[kind] = kind === 'chat' ? await chatUnread(call) : await call(kind === 'inbox' ? inboxUnreadEndpoint : announcementUnreadEndpoint);
          }),
        );
        const failed = settled.find((result): result is PromiseRejectedResult => result.status === 'rejected');
        if (failed && Object.keys(counts).length === 0) throw failed.reason;
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
  // The live chat is counted only with the merchant's CBS3 switch on (the settings of the router's context).
  const settings = useRouter().options.context?.settings;
  useEffect(() => {
    if (!unread || !settings) return;
    let live = true;
    void settings().then((merchant) => {
      if (live) unread.send({ type: 'chat.switch', enabled: merchant?.switches.CBS3 === true });
    });
    return () => {
      live = false;
    };
  }, [unread, settings]);
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
      // A page of this site (the customer service entry may be the live chat, /m/chat) opens here, through the router.
      openUrl: (args, { url }) => {
        const href = siteHref(url);
        if (href !== null) goTo(args, { href });
        else openUrl(url);
      },
      // The chat's launcher comes with the first tap on live chat.
      launchChat: (args, { role }) => void import('./chat-launch-actors.ts').then((m) => m.launchChat(args, role)),
    },
  });
}
