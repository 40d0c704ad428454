import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { FeedbackItem, FeedbackPage } from '../contract/feedback.ts';
import { type FeedbackRequest, feedbackMachine } from './feedback.machine.ts';
import { coverageOf } from './test/coverage.ts';
import { feedbackModel, firstPage, goodText, gif, huge, png, secondPage, sentItem } from './test/models/feedback.model.ts';
import { replayModelPaths } from './test/replay-suite.ts';

const pathSets = replayModelPaths('feedback machine', feedbackModel, {
  delays: { successToast: 1000 },
  invokes: { loadFeedback: 'loadFeedbackPage', loadMore: 'loadFeedbackPage', submitFeedback: 'submitFeedback' },
});

describe('feedback machine', () => {
  it('reaches every state node and takes every transition', () => {
    const coverage = coverageOf(feedbackMachine, pathSets);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it('checks images and words, sends the feedback with its images, and puts the answer on top of the list', async () => {
    const sent: FeedbackRequest[] = [];
    const pages: number[] = [];
    const actor = createActor(
      feedbackMachine.provide({
        actors: {
          loadFeedbackPage: fromPromise<FeedbackPage, { pageNo: number }>(async ({ input }) => {
            pages.push(input.pageNo);
            return input.pageNo === 1 ? firstPage : secondPage;
          }),
          submitFeedback: fromPromise<FeedbackItem, FeedbackRequest>(async ({ input }) => {
            sent.push(input);
            return sentItem;
          }),
        },
      }),
    ).start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().matches({ ready: 'editing' })).toBe(true);
    actor.send({ type: 'list.more' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(pages).toEqual([1, 2]);
    expect(actor.getSnapshot().context.list.map((i) => i.id)).toEqual([2, 1]);
    actor.send({ type: 'image.pick', image: gif });
    expect(actor.getSnapshot().context.errorCode).toBe('upload.type.invalid');
    actor.send({ type: 'image.pick', image: huge });
    expect(actor.getSnapshot().context.errorCode).toBe('upload.too.large');
    for (const id of ['1', '2', '3', '4']) actor.send({ type: 'image.pick', image: { ...png, id } });
    expect(actor.getSnapshot().context.images.map((i) => i.id)).toEqual(['1', '2', '3']);
    expect(actor.getSnapshot().context.errorCode).toBe('upload.too.many');
    actor.send({ type: 'image.remove', id: '2' });
    actor.send({ type: 'form.submit', questionType: 'game', content: 'Too short' });
    expect(actor.getSnapshot().context.errorCode).toBe('feedback.words.too.few');
    expect(sent).toEqual([]);
    actor.send({ type: 'form.submit', questionType: 'game', content: goodText });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent).toEqual([{ type: 'game', content: goodText, images: [{ ...png, id: '1' }, { ...png, id: '3' }] }]);
    const { context } = actor.getSnapshot();
    expect(actor.getSnapshot().matches({ ready: 'submitted' })).toBe(true);
    expect(context.list.map((i) => i.id)).toEqual([3, 2, 1]);
    expect(context.total).toBe(3);
    expect(context.images).toEqual([]);
    actor.stop();
  });
});
