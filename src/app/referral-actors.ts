/**
 * Invite friends (machines/invite-friends, and the invited friends' record
 * list) with their real side effects: the referral API (contract/referral.ts),
 * the link on this site's own origin, the clipboard and the Web Share API.
 *
 * Imported only by the invite-friends route chunk.
 */
import { fromPromise } from 'xstate';
import { invitedFriendsEndpoint, referralLinkPath, referralSummaryEndpoint } from '../../contract/referral.ts';
import { inviteFriendsMachine, type Referral } from '../../machines/invite-friends.machine.ts';
import type { ApiCall } from '../api/client.ts';
import { apiCall } from './api.ts';
import { providePagedRecords } from './money-actors.ts';

/** Whether this device can hand a link to another app. */
export const canShareLinks = () => typeof navigator !== 'undefined' && typeof navigator.share === 'function';

export function provideInviteFriendsMachine(call: ApiCall = apiCall) {
  return inviteFriendsMachine.provide({
    actors: {
      loadReferral: fromPromise(async (): Promise<Referral> => {
        const summary = await call(referralSummaryEndpoint);
        return { ...summary, link: new URL(referralLinkPath(summary.code), window.location.origin).href };
      }),
      copyText: fromPromise(async ({ input }: { input: { text: string } }) => navigator.clipboard.writeText(input.text)),
      shareLink: fromPromise(async ({ input }: { input: { link: string } }) => navigator.share({ url: input.link })),
    },
  });
}

export const provideInvitedFriends = (call: ApiCall = apiCall) => providePagedRecords(invitedFriendsEndpoint, call);
