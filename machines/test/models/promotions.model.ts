/** The promotions list's model: inputs and events of its model-based test and of `npm run paths promotions`. */
import type { Promotion, PromotionCategory } from '../../../contract/promotions.ts';
import { type PromotionsData, promotionsMachine } from '../../promotions.machine.ts';
import type { MachineModel } from '../model.ts';
import { applied, applyPromotion } from './promotion-apply.model.ts';

export const categories: PromotionCategory[] = [
  { id: 1, title: 'Deposit', iconImageUrl: '/c1.png' },
  { id: 2, title: 'Daily', iconImageUrl: '/c2.png' },
  { id: 3, title: 'VIP', iconImageUrl: '/c3.png' },
];
export const joinPromotion: Promotion = { ...applyPromotion, id: 2, mode: 'join', promoAnnouncementCategoryIds: [2] };
export const joinedPromotion: Promotion = { ...joinPromotion, status: 'joined', applicationId: 12 };
export const claimPromotion: Promotion = { ...applyPromotion, id: 3, status: 'claim', applicationId: 10 };
export const claimedPromotion: Promotion = { ...claimPromotion, status: 'claimed' };
export const loaded: PromotionsData = { categories, promotions: [applyPromotion, joinPromotion, claimPromotion] };

const after = (delay: string, state: string) => ({ type: `xstate.after.${delay}.promotions.shown.action.${state}` });

export const promotionsModel: MachineModel<typeof promotionsMachine> = {
  machine: promotionsMachine,
  aspects: [
    {
      name: 'loading, categories and the accordion',
      inputs: [{ openId: 1, role: 'member' }],
      events: [
        { type: 'promotions.retry' },
        { type: 'language.change' },
        { type: 'category.select', categoryId: 1 },
        { type: 'category.select', categoryId: 3 },
        { type: 'category.select', categoryId: null },
        { type: 'promotion.open', id: 2 },
        { type: 'promotion.scrolled' },
        { type: 'xstate.done.actor.loadPromotions', output: loaded },
        { type: 'xstate.done.actor.loadPromotions', output: { categories, promotions: [] } },
        { type: 'xstate.error.actor.loadPromotions', error: { errorCode: 'client.offline' } },
      ],
    },
    {
      name: 'joining, applying and claiming, by role',
      inputs: [
        { openId: null, role: 'member' },
        { openId: null, role: 'guest' },
        { openId: null, role: 'trial' },
      ],
      events: [
        { type: 'promotion.join', id: 1 },
        { type: 'promotion.join', id: 2 },
        { type: 'claim.submit', id: 3 },
        { type: 'xstate.done.actor.loadPromotions', output: loaded },
        { type: 'xstate.done.actor.apply', output: applied },
        { type: 'xstate.done.actor.apply', output: null },
        { type: 'xstate.done.actor.joinPromotion', output: joinedPromotion },
        { type: 'xstate.error.actor.joinPromotion', error: { errorCode: 'promotion.not.open' } },
        { type: 'xstate.done.actor.claimPromotion', output: claimedPromotion },
        { type: 'xstate.error.actor.claimPromotion', error: { errorCode: 'promotion.application.not.claimable' } },
        after('successToast', 'claimed'),
        after('successToast', 'joined'),
        after('errorToast', 'failed'),
        after('trialToast', 'refused'),
      ],
      contextKey: (context) => {
        const { openId: _open, scrollToId: _scroll, categories: _categories, ...rest } = context as Record<string, unknown>;
        return rest;
      },
    },
  ],
};
