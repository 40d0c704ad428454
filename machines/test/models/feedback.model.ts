/** The feedback screen's model: inputs and events of its model-based test and of `npm run paths feedback`. */
import type { FeedbackItem, FeedbackPage } from '../../../contract/feedback.ts';
import { type PickedFeedbackImage, feedbackMachine } from '../../feedback.machine.ts';
import type { MachineModel } from '../model.ts';

export const limits = { minWords: 5, maxWords: 12, imagesMax: 3, imageBytesMax: 5 * 1024 * 1024 };

export const answered: FeedbackItem = {
  id: 2,
  type: 'deposit',
  content: 'My deposit of 500 has not arrived yet.',
  status: 'answered',
  createdAt: '2026-11-28T10:00:00.000Z',
  images: [{ name: 'slip.png', type: 'image/png', size: 1024 }],
  replies: [{ id: 1, text: 'It is credited now.', createdAt: '2026-11-28T11:00:00.000Z' }],
};
export const older: FeedbackItem = { ...answered, id: 1, type: 'game', status: 'open', images: [], replies: [] };
export const sentItem: FeedbackItem = { ...older, id: 3, type: 'other', content: 'Please add more slot games to the lobby.' };

/** The first page: one of two. */
export const firstPage: FeedbackPage = { limits, list: [answered], pageNo: 1, total: 2 };
export const secondPage: FeedbackPage = { limits, list: [older], pageNo: 2, total: 2 };

export const png: PickedFeedbackImage = { id: 'a', name: 'slip.png', type: 'image/png', size: 1024, file: 'png bytes' };
export const gif: PickedFeedbackImage = { id: 'g', name: 'slip.gif', type: 'image/gif', size: 1024, file: 'gif bytes' };
export const huge: PickedFeedbackImage = { id: 'h', name: 'huge.jpg', type: 'image/jpeg', size: 6 * 1024 * 1024, file: 'jpg bytes' };

export const goodText = 'Please add more slot games to the lobby.';

export const SUCCESS_TOAST = 'xstate.after.successToast.feedback.ready.submitted';

export const feedbackModel: MachineModel<typeof feedbackMachine> = {
  machine: feedbackMachine,
  aspects: [
    {
      name: 'loading the list, or a retry',
      inputs: [undefined as never],
      events: [
        { type: 'xstate.done.actor.loadFeedback', output: firstPage },
        { type: 'xstate.error.actor.loadFeedback', error: { errorCode: 'client.network' } },
        { type: 'feedback.retry' },
      ],
    },
    {
      name: 'images and words checked, a refusal of the server',
      inputs: [undefined as never],
      events: [
        { type: 'xstate.done.actor.loadFeedback', output: firstPage },
        { type: 'image.pick', image: png },
        { type: 'image.pick', image: gif },
        { type: 'image.pick', image: huge },
        { type: 'image.remove', id: 'a' },
        { type: 'form.submit', questionType: 'other', content: goodText },
        { type: 'form.submit', questionType: 'other', content: 'Too short' },
        { type: 'form.submit', questionType: 'other', content: 'word '.repeat(13) },
        { type: 'xstate.error.actor.submitFeedback', error: { errorCode: 'upload.type.invalid' } },
      ],
    },
    {
      name: 'sending, the toast, more pages',
      inputs: [undefined as never],
      events: [
        { type: 'xstate.done.actor.loadFeedback', output: firstPage },
        { type: 'form.submit', questionType: 'other', content: goodText },
        { type: 'xstate.done.actor.submitFeedback', output: sentItem },
        { type: 'xstate.error.actor.submitFeedback', error: { errorCode: 'client.network' } },
        { type: SUCCESS_TOAST },
        { type: 'list.more' },
        { type: 'xstate.done.actor.loadMore', output: secondPage },
        { type: 'xstate.error.actor.loadMore', error: { errorCode: 'client.network' } },
      ],
    },
  ],
};
