/** The favourites machine's model: inputs and events of its model-based test and of `npm run paths favourites`. */
import { type FavouritesInput, favouritesMachine } from '../../favourites.machine.ts';
import type { MachineModel } from '../model.ts';

/** The game the paths star and unstar. */
export const a = { nodeId: 'N1', vendor: 'PXG' };
export const inputs: FavouritesInput[] = [{ loggedIn: false }, { loggedIn: true }];

export const favouritesModel: MachineModel<typeof favouritesMachine> = {
  machine: favouritesMachine,
  aspects: [
    {
      name: 'guest notice, session, stars and their failures',
      inputs,
      events: [
        { type: 'session.change', loggedIn: true },
        { type: 'session.change', loggedIn: false },
        { type: 'fav.toggle', ...a },
        { type: 'fav.add', ...a },
        { type: 'fav.remove', ...a },
        { type: 'fav.reload' },
        { type: 'fav.notice' },
        { type: 'xstate.done.actor.loadFavouriteIds', output: ['N1'] },
        { type: 'xstate.done.actor.loadFavouriteIds', output: [] },
        { type: 'xstate.error.actor.loadFavouriteIds', error: { errorCode: 'client.timeout' } },
        { type: 'xstate.done.actor.addFavourite' },
        { type: 'xstate.error.actor.addFavourite', error: { errorCode: 'game.not.found' } },
        { type: 'xstate.done.actor.removeFavourite' },
        { type: 'xstate.error.actor.removeFavourite', error: { errorCode: 'client.offline' } },
        { type: 'xstate.after.loginNotice.favourites.notice' },
        { type: 'xstate.after.toast.favourites.failed' },
      ],
    },
  ],
};
