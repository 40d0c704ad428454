import { describe, expect, it } from 'vitest';
import { playTypes, prizeModes } from '../../contract/member-games.ts';
import { liveSearch, lottoSearch } from '../../contract/route-search.ts';
import { socialProviders, socialReturnErrors, socialReturnSearch } from '../../contract/social.ts';

describe('route search schemas', () => {
  it("the lottery game's search takes the games contract's prize modes and play types, and nothing else", () => {
    expect(lottoSearch.shape.prizeMode.def.innerType.def.innerType.options).toEqual([...prizeModes]);
    expect(lottoSearch.shape.playType.def.innerType.def.innerType.options).toEqual([...playTypes]);
    expect(lottoSearch.parse({ prizeMode: 'SEA', playType: 'trad' })).toEqual({ prizeMode: 'SEA', playType: 'trad' });
    expect(lottoSearch.parse({ prizeMode: 'XX', playType: 3 })).toEqual({ prizeMode: undefined, playType: undefined });
  });

  it('the live rooms take a room id, and anything else opens the list', () => {
    expect(liveSearch.parse({ room: '3' })).toEqual({ room: 3 });
    expect(liveSearch.parse({ room: 'x' })).toEqual({ room: undefined });
    expect(liveSearch.parse({})).toEqual({ room: undefined });
  });

  it("the social return takes the server's ticket, its providers and its errors; anything else is dropped", () => {
    expect(socialReturnSearch.parse({ linked: 'google' }).linked).toBe('google');
    for (const linked of socialProviders) expect(socialReturnSearch.parse({ linked }).linked).toBe(linked);
    const ticket = `${'aZ_-'.repeat(10)}xyz`;
    expect(socialReturnSearch.parse({ ticket })).toEqual({ ticket, error: undefined, linked: undefined });
    for (const error of socialReturnErrors) expect(socialReturnSearch.parse({ error }).error).toBe(error);
    expect(socialReturnSearch.parse({ ticket: '<script>', error: 'a b', linked: 'myspace' })).toEqual({ ticket: undefined, error: undefined, linked: undefined });
  });
});
