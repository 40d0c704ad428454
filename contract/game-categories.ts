/**
 * Every game category the spec names (section 1), including the client-only
 * ones. A plain list without schemas, so the route search schemas of the
 * first load can use it without the games contract.
 */
export const gameCategories = [
  'ALL',
  'HOT',
  'LIVE',
  'RNG',
  'FISH',
  'SPORTS',
  'ESPORTS',
  'COCKFIGHT',
  'PVP',
  'LOTT',
  'ELOTT',
  'FAV',
  'RECENT',
  'INHOUSE',
  'LIVESTREAM',
  'PROMO',
] as const;
export type GameCategory = (typeof gameCategories)[number];
