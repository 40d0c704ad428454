import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import type { ApiCall } from './client.ts';
import { defineEndpoint } from '../../contract/endpoint.ts';
import { callKey, type FirstAnswer, firstAnswersElementId } from '../../contract/first-answers.ts';
import { readFirstAnswers, withFirstAnswers } from './first-answers.ts';

const list = defineEndpoint({
  method: 'GET',
  path: '/wps/test/list',
  tag: 'test',
  summary: 'test',
  query: z.object({ pageNo: z.optional(z.number()), gameType: z.optional(z.string()) }),
  value: z.object({ games: z.array(z.string()) }),
});
const post = defineEndpoint({ method: 'POST', path: '/wps/test/list', tag: 'test', summary: 'test', value: z.object({ games: z.array(z.string()) }) });

const answer = (over: Partial<FirstAnswer> = {}): FirstAnswer => ({
  key: callKey(list, { pageNo: 1, gameType: 'RNG' }),
  merchant: 'DEMO',
  language: 'EN',
  value: { games: ['from the page'] },
  ...over,
});

function setup(answers: FirstAnswer[], { language = 'EN', sinceLoad = 10 } = {}) {
  const network = vi.fn(async () => ({ games: ['from the network'] }));
  const call = withFirstAnswers(network as unknown as ApiCall, answers, {
    merchant: 'DEMO',
    language: () => language,
    sinceLoad: () => sinceLoad,
  });
  return { call, network };
}

describe('first answers', () => {
  it('answer the same call once from the page, then the network answers', async () => {
    const { call, network } = setup([answer()]);
    // Keys do not depend on the order of the query or on blank values.
    await expect(call(list, { query: { gameType: 'RNG', pageNo: 1 } })).resolves.toEqual({ games: ['from the page'] });
    expect(network).not.toHaveBeenCalled();
    await expect(call(list, { query: { pageNo: 1, gameType: 'RNG' } })).resolves.toEqual({ games: ['from the network'] });
    expect(network).toHaveBeenCalledTimes(1);
  });

  it('never stand in for another call, another language, a stale page or a malformed answer', async () => {
    const other = setup([answer()]);
    await other.call(list, { query: { pageNo: 2, gameType: 'RNG' } });
    await other.call(post);
    expect(other.network).toHaveBeenCalledTimes(2);

    for (const [answers, options] of [
      [[answer()], { language: 'CN' }],
      [[answer({ merchant: 'OTHER' })], {}],
      [[answer()], { sinceLoad: 120_000 }],
      [[answer({ value: { games: 'not a list' } })], {}],
    ] as const) {
      const { call, network } = setup([...answers], options);
      await expect(call(list, { query: { pageNo: 1, gameType: 'RNG' } })).resolves.toEqual({ games: ['from the network'] });
      expect(network).toHaveBeenCalledTimes(1);
    }
  });

  it('are read from the page element, and none when it is missing or malformed', () => {
    const doc = (text: string | null) => ({
      getElementById: (id: string) => (id === firstAnswersElementId && text !== null ? ({ textContent: text } as HTMLElement) : null),
    });
    expect(readFirstAnswers(doc(JSON.stringify([answer()])))).toEqual([answer()]);
    expect(readFirstAnswers(doc(null))).toEqual([]);
    expect(readFirstAnswers(doc('{not json'))).toEqual([]);
    expect(readFirstAnswers(doc('[{"key":1}]'))).toEqual([]);
    expect(readFirstAnswers(undefined)).toEqual([]);
  });

  it('key calls by method, path and the query on the wire', () => {
    expect(callKey(list, { pageNo: 1, gameType: 'RNG', gameName: '', vassalage: undefined })).toBe('GET /wps/test/list?gameType=RNG&pageNo=1');
    expect(callKey(list)).toBe('GET /wps/test/list');
  });
});
