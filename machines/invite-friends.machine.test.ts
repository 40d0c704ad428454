import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { inviteFriendsMachine, type Referral } from './invite-friends.machine.ts';
import { coverageOf, eventsOf } from './test/coverage.ts';
import { deferred, flush } from './test/fakes.ts';
import { inviteFriendsModel, referral } from './test/models/invite-friends.model.ts';
import { replayModelPaths } from './test/replay-suite.ts';

const pathSets = replayModelPaths('invite friends machine', inviteFriendsModel, {
  delays: { copiedToast: 1000 },
  invokes: { loadReferral: 'loadReferral', copyText: 'copyText', shareLink: 'shareLink' },
});

describe('invite friends machine: coverage of the generated paths', () => {
  it('reaches every state node and takes every transition', () => {
    const coverage = coverageOf(inviteFriendsMachine, pathSets);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it('the coverage check notices a transition left out', () => {
    const without = pathSets.map(({ input, paths }) => ({ input, paths: paths.filter((p) => !eventsOf(p).some((e) => e.type === 'xstate.error.actor.copyText')) }));
    expect(coverageOf(inviteFriendsMachine, without).missingTransitions).toEqual(['inviteFriends.ready.action.copying --xstate.error.actor.copyText--> inviteFriends.ready.action.idle']);
  });
});

function harness({ isTrial = false, canShare = false } = {}) {
  const load = deferred<Referral, unknown>();
  const copy = deferred<void, { text: string }>();
  const share = deferred<void, { link: string }>();
  const actor = createActor(inviteFriendsMachine.provide({ actors: { loadReferral: load.logic, copyText: copy.logic, shareLink: share.logic } }), {
    input: { isTrial, canShare },
  });
  actor.start();
  return { actor, load, copy, share };
}

describe('invite friends machine', () => {
  it('copies the code or the full link, and says which was copied', async () => {
    const h = harness();
    h.load.resolve(referral);
    await flush();
    h.actor.send({ type: 'referral.copy', part: 'code' });
    h.copy.resolve();
    await flush();
    expect(h.actor.getSnapshot().matches({ ready: { toast: 'shown' } })).toBe(true);
    expect(h.actor.getSnapshot().context.copied).toBe('code');
    h.actor.send({ type: 'referral.copy', part: 'link' });
    expect(h.copy.inputs).toEqual([{ text: '1024' }, { text: referral.link }]);
  });

  it('shares the link where the device can, and copies it where it cannot; a cancelled share is no error', async () => {
    const sharing = harness({ canShare: true });
    sharing.load.resolve(referral);
    await flush();
    sharing.actor.send({ type: 'referral.share' });
    sharing.share.reject(new Error('AbortError'));
    await flush();
    expect(sharing.share.inputs).toEqual([{ link: referral.link }]);
    expect(sharing.copy.inputs).toEqual([]);
    expect(sharing.actor.getSnapshot().context.errorCode).toBeNull();

    const copying = harness({ canShare: false });
    copying.load.resolve(referral);
    await flush();
    copying.actor.send({ type: 'referral.share' });
    expect(copying.copy.inputs).toEqual([{ text: referral.link }]);
    expect(copying.share.inputs).toEqual([]);
  });

  it('a clipboard that refuses shows its message, no toast', async () => {
    const h = harness();
    h.load.resolve(referral);
    await flush();
    h.actor.send({ type: 'referral.copy', part: 'link' });
    h.copy.reject(new Error('denied'));
    await flush();
    expect(h.actor.getSnapshot().context).toMatchObject({ errorCode: 'member.copy.failed', copied: null });
    expect(h.actor.getSnapshot().matches({ ready: { toast: 'hidden' } })).toBe(true);
  });

  it('refuses a trial account without asking the server', () => {
    const h = harness({ isTrial: true });
    expect(h.actor.getSnapshot().value).toBe('rejected');
    expect(h.actor.getSnapshot().context.errorCode).toBe('free_reject');
    expect(h.load.inputs).toEqual([]);
  });
});
