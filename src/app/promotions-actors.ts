/**
 * The promotions machines (machines/promotions, promotion-apply) with their
 * real side effects: the promotions API (contract/promotions.ts), the chosen
 * images read as base64, /m/login for guests, and the balance's refresh after
 * a claim.
 *
 * Imported only by the promotions screen (a route chunk), never by
 * src/main.tsx or the shell, so none of it is in the first load.
 */
import { fromPromise } from 'xstate';
import { type ApplicationRequest, promotionApplyMachine } from '../../machines/promotion-apply.machine.ts';
import { type PromotionsData, promotionsMachine } from '../../machines/promotions.machine.ts';
import type { ApiCall } from '../api/client.ts';
import {
  type ApplicationImage,
  type ApplicationImageType,
  applyEndpoint,
  claimEndpoint,
  joinEndpoint,
  promotionCategoriesEndpoint,
  promotionsEndpoint,
} from '../../contract/promotions.ts';
import { apiCall } from './api.ts';
import type { SystemArgs } from './app-events.ts';
import { goTo } from './navigation.ts';

/** Base64 of a file's bytes (in slices, so a 5 MB image does not overflow the call stack). */
export async function base64Of(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  const slice = 0x8000;
  for (let i = 0; i < bytes.length; i += slice) binary += String.fromCharCode(...bytes.subarray(i, i + slice));
  return btoa(binary);
}

/** The images of an application as the contract sends them. */
export async function applicationImagesOf(request: ApplicationRequest): Promise<ApplicationImage[]> {
  return Promise.all(
    request.images.map(async (image) => ({
      name: image.name.slice(0, 200),
      type: image.type as ApplicationImageType,
      data: await base64Of(image.file as Blob),
    })),
  );
}

/** Reloads the shown balance of the app's system (after a bonus was paid). */
const refreshBalance = ({ system }: SystemArgs) => system.get('balance')?.send({ type: 'balance.refresh' });

export function providePromotionApplyMachine(call: ApiCall = apiCall) {
  return promotionApplyMachine.provide({
    actors: {
      applyForPromotion: fromPromise(async ({ input }: { input: ApplicationRequest }) =>
        call(applyEndpoint, {
          body: { promotionId: input.promotionId, comment: input.comment, images: await applicationImagesOf(input) },
        }),
      ),
    },
    actions: { goToLogin: (args) => goTo(args, { to: '/m/login' }) },
  });
}

export function providePromotionsMachine(call: ApiCall = apiCall) {
  return promotionsMachine.provide({
    actors: {
      loadPromotions: fromPromise(async (): Promise<PromotionsData> => {
        const [categories, promotions] = await Promise.all([call(promotionCategoriesEndpoint), call(promotionsEndpoint, { query: {} })]);
        return { categories: categories.list, promotions: promotions.list };
      }),
      joinPromotion: fromPromise(async ({ input }: { input: { promotionId: number } }) => call(joinEndpoint, { body: input })),
      claimPromotion: fromPromise(async ({ input }: { input: { applicationId: number } }) => (await call(claimEndpoint, { body: input })).promotion),
      promotionApply: providePromotionApplyMachine(call),
    },
    actions: {
      goToLogin: (args) => goTo(args, { to: '/m/login' }),
      balanceChanged: refreshBalance,
    },
  });
}
