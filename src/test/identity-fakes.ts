/**
 * A fake server for the identity screens' tests: answers the API client and
 * the sealer by endpoint path, and records what was sent.
 */
import type { ApiCall } from '../api/client.ts';
import type { Sealer } from '../../contract/sealed.ts';
import type { Endpoint } from '../../contract/endpoint.ts';

export type FakeAnswer = (payload: unknown) => unknown;

export class FakeFailure extends Error {
  constructor(
    readonly errorCode: string,
    readonly value?: unknown,
  ) {
    super(errorCode);
  }
}

export function fakeServer(answers: Record<string, FakeAnswer>) {
  const sent: Array<{ path: string; payload: unknown }> = [];
  const answer = async (endpoint: Endpoint, payload: unknown) => {
    sent.push({ path: endpoint.path, payload });
    const handler = answers[endpoint.path];
    if (!handler) throw new FakeFailure('system.error');
    return handler(payload);
  };
  const call = ((endpoint: Endpoint, args?: { body?: unknown; query?: unknown }) =>
    answer(endpoint, args?.body ?? args?.query)) as unknown as ApiCall;
  const sealer: Sealer = { call: ((endpoint: Endpoint, payload: unknown) => answer(endpoint, payload)) as Sealer['call'], reset() {} };
  return { call, sealer, sent };
}
