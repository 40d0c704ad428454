import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { avatarMessages, avatarUploadMachine, type PickedIcon } from './avatar-upload.machine.ts';
import { coverageOf, eventsOf } from './test/coverage.ts';
import { deferred, flush } from './test/fakes.ts';
import { avatarUploadModel, gifIcon, hugeIcon, pngIcon, uploadedIcon } from './test/models/avatar-upload.model.ts';
import { replayModelPaths } from './test/replay-suite.ts';

const pathSets = replayModelPaths('avatar upload machine', avatarUploadModel, { delays: { uploadedToast: 1000 }, invokes: { uploadIcon: 'uploadIcon' } });

describe('avatar upload machine: coverage of the generated paths', () => {
  it('reaches every state node and takes every transition', () => {
    const coverage = coverageOf(avatarUploadMachine, pathSets);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it('the coverage check notices a transition left out', () => {
    const withoutFailure = pathSets.map(({ input, paths }) => ({
      input,
      paths: paths.filter((p) => !eventsOf(p).some((e) => e.type === 'xstate.error.actor.uploadIcon')),
    }));
    expect(coverageOf(avatarUploadMachine, withoutFailure).missingTransitions).toEqual([
      'avatarUpload.uploading --xstate.error.actor.uploadIcon--> avatarUpload.idle',
    ]);
  });
});

describe('avatar upload machine', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refuses a gif and an image over 5 MB before sending; uploads a png, tells the profile and toasts 1 s', async () => {
    vi.useFakeTimers();
    const upload = deferred<typeof uploadedIcon, PickedIcon>();
    const iconChanged = vi.fn();
    const actor = createActor(avatarUploadMachine.provide({ actors: { uploadIcon: upload.logic }, actions: { iconChanged: (_, params) => iconChanged(params) } }));
    actor.start();
    actor.send({ type: 'icon.pick', image: gifIcon });
    expect(actor.getSnapshot().context.errorCode).toBe(avatarMessages.typeInvalid);
    actor.send({ type: 'icon.pick', image: hugeIcon });
    expect(actor.getSnapshot().context.errorCode).toBe(avatarMessages.tooLarge);
    expect(upload.inputs).toEqual([]);
    actor.send({ type: 'icon.pick', image: pngIcon });
    expect(upload.inputs).toEqual([pngIcon]);
    expect(actor.getSnapshot().context.errorCode).toBeNull();
    upload.resolve(uploadedIcon);
    await flush();
    expect(iconChanged).toHaveBeenCalledWith(uploadedIcon);
    expect(actor.getSnapshot().value).toBe('uploaded');
    vi.advanceTimersByTime(1000);
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'icon.pick', image: pngIcon });
    upload.reject({ errorCode: 'upload.type.invalid' });
    await flush();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.errorCode).toBe('upload.type.invalid');
  });
});
