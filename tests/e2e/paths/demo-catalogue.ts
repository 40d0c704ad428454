/**
 * What the real server answers the game lists of the demo catalogue, worked
 * out from the seed itself (server/seed/seed-catalogue.ts, deterministic) with
 * the server's filters (server/modules/games/queries.ts): a category's games,
 * a vendor, a classify (NEW: the new games), a min bet, a name search (the
 * names that hold it, case-insensitively), in `sortOrder`, paged;
 * the hot list in hot order (at most 100). The game-list browser paths take
 * their answers from here, so the graph predicts the games the screen shows.
 */
import type { GameListRequest } from '../../../contract/lobby-calls.ts';
import { cockfightVendors, esportsVendors, inhouseVendor } from '../../../contract/games.ts';
import type { LobbyGame, LobbyPage } from '../../../machines/lobby-types.ts';
import { demoGames } from '../../../server/seed/seed-catalogue.ts';
import { demoMerchantCode } from '../../../server/seed/seed.ts';

const rows = demoGames(demoMerchantCode).map((row, i) => ({ ...row, id: i + 1 }));
type Row = (typeof rows)[number];

const toGame = (row: Row): LobbyGame => ({
  gameId: row.id,
  nodeId: row.nodeId ?? null,
  gameName: row.gameName,
  gameType: row.gameType,
  gameCategory: row.gameType,
  vassalage: row.vassalage,
  gameCode: row.gameCode,
  supportPlay: row.supportPlay === 1 ? 1 : 0,
  isGameH5: row.isGameH5 ?? null,
  lottoMode: row.lottoMode ?? null,
  gameClassify: row.gameClassify,
  minBet: row.minBet,
  isNew: row.isNew ? 1 : 0,
});

function inCategory(row: Row, category: string): boolean {
  switch (category) {
    case 'ALL':
      return true;
    case 'INHOUSE':
      return row.gameType === 'RNG' && row.vassalage === inhouseVendor;
    case 'ESPORTS':
      return row.gameType === 'SPORTS' && (esportsVendors as readonly string[]).includes(row.vassalage);
    case 'COCKFIGHT':
      return row.gameType === 'SPORTS' && (cockfightVendors as readonly string[]).includes(row.vassalage);
    default:
      return row.gameType === category;
  }
}

/** A page of a catalogue list (modes all and filter, with a name search or not). */
export function catalogueAnswer(request: GameListRequest): LobbyPage {
  const name = request.gameName?.trim().toLowerCase();
  const found = rows
    .filter(
      (row) =>
        inCategory(row, request.category) &&
        (request.vassalage === null || row.vassalage === request.vassalage.toUpperCase()) &&
        (request.classify === null || (request.classify === 'NEW' ? row.isNew : row.gameClassify === request.classify)) &&
        (request.minBet === null || row.minBet === request.minBet) &&
        (!name || row.gameName.toLowerCase().includes(name)),
    )
    .sort((a, b) => (a.sortOrder ?? 0) - (b.sortOrder ?? 0) || a.id - b.id);
  const offset = (request.pageNo - 1) * request.pageSize;
  return { games: found.slice(offset, offset + request.pageSize).map(toGame), pageNum: request.pageNo, totalPages: Math.ceil(found.length / request.pageSize) };
}

/** The hot list of a category (ALL: every category), as the hot mode loads it. */
export function hotAnswer(category: string): LobbyPage {
  const hot = rows
    .filter((row) => row.hotOrder !== null && row.hotOrder !== undefined && inCategory(row, category))
    .sort((a, b) => a.hotOrder! - b.hotOrder! || a.id - b.id)
    .slice(0, 100);
  return { games: hot.map(toGame), pageNum: 1, totalPages: 1 };
}

/** A member's own list (recent, favourites) when the member has played and starred nothing. */
export const emptyMemberList: LobbyPage = { games: [], pageNum: 1, totalPages: 0 };
