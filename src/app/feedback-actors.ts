/**
 * The feedback machine (machines/feedback) with its real side effects: the
 * feedback endpoints (contract/feedback.ts), the picked images read as
 * base64 when sending (as the promotion applications' are).
 *
 * Imported only by the feedback route's chunk.
 */
import { fromPromise } from 'xstate';
import { type FeedbackImageType, feedbackListEndpoint, feedbackSubmitEndpoint } from '../../contract/feedback.ts';
import { type FeedbackRequest, feedbackListPageSize, feedbackMachine } from '../../machines/feedback.machine.ts';
import type { ApiCall } from '../api/client.ts';
import { apiCall } from './api.ts';
import { base64Of } from './promotions-actors.ts';

export function provideFeedbackMachine(call: ApiCall = apiCall) {
  return feedbackMachine.provide({
    actors: {
      loadFeedbackPage: fromPromise(({ input }: { input: { pageNo: number } }) =>
        call(feedbackListEndpoint, { query: { pageNo: input.pageNo, pageSize: feedbackListPageSize } }),
      ),
      submitFeedback: fromPromise(async ({ input }: { input: FeedbackRequest }) =>
        call(feedbackSubmitEndpoint, {
          body: {
            type: input.type,
            content: input.content,
            images: await Promise.all(
              input.images.map(async (image) => ({ name: image.name.slice(0, 200), type: image.type as FeedbackImageType, data: await base64Of(image.file as Blob) })),
            ),
          },
        }),
      ),
    },
  });
}
