/**
 * Types and pure helpers shared by the lobby machines (game list, favourites,
 * launch). The machines do not know the API: a game is the subset of fields
 * they read, and failures are thrown `{ errorCode }` objects like the client's
 * ApiError.
 */

/** The fields of a game (contract/games.ts `Game`) that the lobby machines read. */
export interface LobbyGame {
  gameId: number;
  nodeId: string | null;
  gameName: string;
  gameType: string;
  gameCategory: string;
  vassalage: string;
  gameCode: string;
  supportPlay: 0 | 1;
  isGameH5: string | null;
  lottoMode: string | null;
  /** What the hot-list filters match on the client (vendor is `vassalage`). */
  gameClassify: string;
  minBet: number;
  isNew: 0 | 1;
}

/** One page of a paged list as the machines need it. */
export interface LobbyPage<G extends LobbyGame = LobbyGame> {
  games: G[];
  pageNum: number;
  totalPages: number;
}

/** The errorCode of a failure; `client.network` for anything that is not an `{ errorCode }` object. */
export function lobbyErrorCode(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'errorCode' in error && typeof error.errorCode === 'string' && error.errorCode) {
    return error.errorCode;
  }
  return 'client.network';
}

/** Spec section 9: a toast (launch or favourite failure) shows for the default 1.5 s. */
export const lobbyToastMs = 1500;

/** Message ids the lobby machines show on their own (spec section 8). */
export const lobbyMessages = {
  /** 'You are not logged in, please login first' (2 s). */
  loggedOut: 'in_logged_login',
} as const;
