import { assign, emit, fromPromise, setup } from 'xstate';
import { lobbyErrorCode, lobbyMessages, lobbyToastMs } from './lobby-types.ts';

/** A favourite as the server names it: the game's node and vendor. */
export interface FavouriteTarget {
  nodeId: string;
  vendor: string;
}

export interface FavouritesInput {
  loggedIn: boolean;
}

export interface FavouritesContext {
  loggedIn: boolean;
  /** nodeId strings of the member's favourite games, newest first. */
  ids: string[];
  /** The favourite being added or removed. */
  pending: FavouriteTarget | null;
  /** The list before a removal, restored when the server refuses it. */
  rollback: string[] | null;
  /** Message id of an info toast (in_logged_login). */
  info: string | null;
  errorCode: string | null;
}

export type FavouritesEvent =
  | { type: 'session.change'; loggedIn: boolean }
  | { type: 'fav.toggle'; nodeId: string; vendor: string }
  | { type: 'fav.add'; nodeId: string; vendor: string }
  | { type: 'fav.remove'; nodeId: string; vendor: string }
  | { type: 'fav.reload' }
  /** A guest opened favourites or recent games: show the login notice (a member ignores it). */
  | { type: 'fav.notice' };

export type FavouritesEmitted = { type: 'favourites.changed' };

type TargetEvent = Extract<FavouritesEvent, { nodeId: string }>;
const targetOf = (event: TargetEvent): FavouriteTarget => ({ nodeId: event.nodeId, vendor: event.vendor });

const isFavouriteEvent = ({ context, event }: { context: FavouritesContext; event: FavouritesEvent }) =>
  'nodeId' in event && context.ids.includes(event.nodeId);

/** Star taps of a logged-in member (while the list is shown or reloading). */
const memberTaps = {
  'fav.toggle': [
    { guard: 'isFavourite', target: '#favourites.removing', actions: 'setPending' },
    { target: '#favourites.adding', actions: 'setPending' },
  ],
  'fav.add': [{ guard: 'isFavourite' }, { target: '#favourites.adding', actions: 'setPending' }],
  'fav.remove': { guard: 'isFavourite', target: '#favourites.removing', actions: 'setPending' },
} as const;

/** A guest's star tap: favouriting needs an account, so the guest goes to /m/login (spec section 6); nothing is sent. */
const guestStarTaps = {
  'fav.toggle': { actions: 'goToLogin' },
  'fav.add': { actions: 'goToLogin' },
  'fav.remove': { actions: 'goToLogin' },
} as const;

/**
 * Favourite games (spec sections 2, 4 and 6). Needs login: a guest's star
 * tap goes to /m/login (`goToLogin`). Logged in, the ids are loaded (`loadFavouriteIds`); `fav.add` is skipped when the game
 * already is a favourite; a removal is applied to the list first, then sent
 * (`removeFavourite`) and rolled back when it fails; `fav.toggle` adds or
 * removes. After every change the list reloads and `favourites.changed` is
 * emitted (the favourites list screen reloads too). A guest opening a
 * favourites or recent list sends `fav.notice` and sees the in_logged_login
 * info for `loginNotice` (2 s). A failure
 * shows its errorCode for `toast` (1.5 s, spec section 9).
 */
export const favouritesMachine = setup({
  types: {
    context: {} as FavouritesContext,
    events: {} as FavouritesEvent,
    input: {} as FavouritesInput,
    emitted: {} as FavouritesEmitted,
  },
  actors: {
    loadFavouriteIds: fromPromise<string[]>(async () => {
      throw new Error('loadFavouriteIds is provided by the app');
    }),
    addFavourite: fromPromise<void, FavouriteTarget>(async () => {
      throw new Error('addFavourite is provided by the app');
    }),
    removeFavourite: fromPromise<void, FavouriteTarget>(async () => {
      throw new Error('removeFavourite is provided by the app');
    }),
  },
  guards: {
    isLoggedIn: ({ context }) => context.loggedIn,
    isFavourite: isFavouriteEvent,
  },
  actions: {
    /** Navigates to /m/login (provided by the app). */
    goToLogin: () => {},
    setPending: assign({ pending: ({ event }) => targetOf(event as TargetEvent) }),
    setSession: assign({ loggedIn: ({ event }) => (event.type === 'session.change' ? event.loggedIn : false) }),
  },
  delays: {
    loginNotice: 2000,
    toast: lobbyToastMs,
  },
}).createMachine({
  id: 'favourites',
  context: ({ input }) => ({ loggedIn: input.loggedIn, ids: [], pending: null, rollback: null, info: null, errorCode: null }),
  initial: 'checking',
  on: {
    'session.change': { target: '.checking', actions: ['setSession', assign({ ids: [], pending: null, rollback: null })] },
  },
  states: {
    checking: {
      always: [{ guard: 'isLoggedIn', target: 'loading' }, { target: 'guest' }],
    },
    guest: {
      on: { ...guestStarTaps, 'fav.notice': { target: 'notice' } },
    },
    notice: {
      entry: assign({ info: lobbyMessages.loggedOut }),
      exit: assign({ info: null }),
      on: { ...guestStarTaps, 'fav.notice': { target: 'notice', reenter: true } },
      after: { loginNotice: { target: 'guest' } },
    },
    /** Reloading the list; taps are taken at once (the reload is only a refresh). */
    loading: {
      on: memberTaps,
      invoke: {
        id: 'loadFavouriteIds',
        src: 'loadFavouriteIds',
        onDone: { target: 'ready', actions: assign({ ids: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ errorCode: ({ event }) => lobbyErrorCode(event.error) }) },
      },
    },
    ready: {
      on: { ...memberTaps, 'fav.reload': { target: 'loading' } },
    },
    /** As ready, with the failure's toast shown for `toast`. */
    failed: {
      on: { ...memberTaps, 'fav.reload': { target: 'loading' } },
      exit: assign({ errorCode: null }),
      after: { toast: { target: 'ready' } },
    },
    adding: {
      entry: assign({ errorCode: null }),
      invoke: {
        id: 'addFavourite',
        src: 'addFavourite',
        input: ({ context }) => context.pending!,
        onDone: {
          target: 'loading',
          actions: [assign({ ids: ({ context }) => [context.pending!.nodeId, ...context.ids], pending: null }), emit({ type: 'favourites.changed' })],
        },
        onError: { target: 'failed', actions: assign({ pending: null, errorCode: ({ event }) => lobbyErrorCode(event.error) }) },
      },
    },
    removing: {
      entry: assign(({ context }) => ({
        errorCode: null,
        rollback: context.ids,
        ids: context.ids.filter((id) => id !== context.pending!.nodeId),
      })),
      invoke: {
        id: 'removeFavourite',
        src: 'removeFavourite',
        input: ({ context }) => context.pending!,
        onDone: { target: 'loading', actions: [assign({ pending: null, rollback: null }), emit({ type: 'favourites.changed' })] },
        onError: {
          target: 'failed',
          actions: assign(({ context, event }) => ({
            ids: context.rollback ?? context.ids,
            rollback: null,
            pending: null,
            errorCode: lobbyErrorCode(event.error),
          })),
        },
      },
    },
  },
});
