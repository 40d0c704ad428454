/** The promotion application's model: inputs and events of its model-based test and of `npm run paths promotion-apply`. */
import type { Promotion } from '../../../contract/promotions.ts';
import { type PickedImage, promotionApplyMachine } from '../../promotion-apply.machine.ts';
import type { MachineModel } from '../model.ts';

export const applyPromotion: Promotion = {
  id: 1,
  title: 'First deposit bonus',
  content: '<p>Deposit and apply.</p>',
  startDate: '2026-11-01',
  endDate: null,
  noExpiry: 1,
  announcementImages: [],
  promoAnnouncementCategoryIds: [1],
  mode: 'apply',
  bonusAmount: 10000,
  status: 'join',
  applicationId: null,
  rejectReason: null,
};
export const applied: Promotion = { ...applyPromotion, status: 'applying', applicationId: 9 };

export const png: PickedImage = { id: 'a', name: 'slip.png', type: 'image/png', size: 1024, file: 'png bytes' };
export const gif: PickedImage = { id: 'g', name: 'slip.gif', type: 'image/gif', size: 1024, file: 'gif bytes' };
export const huge: PickedImage = { id: 'h', name: 'huge.jpg', type: 'image/jpeg', size: 6 * 1024 * 1024, file: 'jpg bytes' };
export const longComment = 'x'.repeat(141);

export const SUCCESS_TOAST = 'xstate.after.successToast.promotionApply.succeeded';

export const promotionApplyModel: MachineModel<typeof promotionApplyMachine> = {
  machine: promotionApplyMachine,
  aspects: [
    {
      name: 'roles, images, comment and the answer',
      inputs: [
        { promotion: applyPromotion, role: 'member' },
        { promotion: applyPromotion, role: 'guest' },
        { promotion: applyPromotion, role: 'trial' },
      ],
      events: [
        { type: 'image.pick', image: png },
        { type: 'image.pick', image: gif },
        { type: 'image.pick', image: huge },
        { type: 'image.remove', id: 'a' },
        { type: 'apply.submit', comment: 'My deposit slip' },
        { type: 'apply.submit', comment: longComment },
        { type: 'apply.close' },
        { type: 'xstate.done.actor.applyForPromotion', output: applied },
        { type: 'xstate.error.actor.applyForPromotion', error: { errorCode: 'promotion.already.applied' } },
        { type: SUCCESS_TOAST },
      ],
    },
  ],
};
