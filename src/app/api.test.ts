import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error.ts';
import type { ApiCall } from '../api/client.ts';
import { memberInfoEndpoint } from '../../contract/member.ts';
import { watchMaintenance, watchSessionEnd } from './api.ts';

const failingWith = (error: unknown) => (() => Promise.reject(error)) as unknown as ApiCall;

describe('the API client reports sessions the server ended', () => {
  it.each(['login.not.session', 'login.session.expired', 'user.or.token.invalid'])(
    'a call with a token answered 401 %s reports it with that token, and still fails',
    async (errorCode) => {
      const report = vi.fn();
      const error = new ApiError('server', errorCode, 'ended', 401);
      const call = watchSessionEnd(failingWith(error), () => 'tok-1', report);
      await expect(call(memberInfoEndpoint)).rejects.toBe(error);
      expect(report).toHaveBeenCalledWith({ errorCode, token: 'tok-1' });
    },
  );

  it('reports nothing for a guest call, another failure, or a success', async () => {
    const report = vi.fn();
    const ended = new ApiError('server', 'user.or.token.invalid', 'ended', 401);
    await expect(watchSessionEnd(failingWith(ended), () => null, report)(memberInfoEndpoint)).rejects.toBe(ended);
    const other = new ApiError('server', 'login.failed', 'wrong', 400);
    await expect(watchSessionEnd(failingWith(other), () => 'tok-1', report)(memberInfoEndpoint)).rejects.toBe(other);
    const offline = ApiError.offline();
    await expect(watchSessionEnd(failingWith(offline), () => 'tok-1', report)(memberInfoEndpoint)).rejects.toBe(offline);
    const ok = (() => Promise.resolve({ id: 1 })) as unknown as ApiCall;
    await expect(watchSessionEnd(ok, () => 'tok-1', report)(memberInfoEndpoint)).resolves.toEqual({ id: 1 });
    expect(report).not.toHaveBeenCalled();
  });

  it('reports the token the call was made with, not one stored later', async () => {
    const report = vi.fn();
    let token = 'tok-old';
    const slow = (() =>
      new Promise((_, reject) => {
        token = 'tok-new';
        setTimeout(() => reject(new ApiError('server', 'login.not.session', 'replaced', 401)), 0);
      })) as unknown as ApiCall;
    await expect(watchSessionEnd(slow, () => token, report)(memberInfoEndpoint)).rejects.toBeInstanceOf(ApiError);
    expect(report).toHaveBeenCalledWith({ errorCode: 'login.not.session', token: 'tok-old' });
  });
});

describe('the API client reports maintenance answers', () => {
  it('a call answered system.maintenance reports it and still fails; other answers report nothing', async () => {
    const report = vi.fn();
    const maintenance = new ApiError('server', 'system.maintenance', 'under maintenance', 503);
    await expect(watchMaintenance(failingWith(maintenance), report)(memberInfoEndpoint)).rejects.toBe(maintenance);
    expect(report).toHaveBeenCalledTimes(1);
    const other = new ApiError('server', 'system.error', 'oops', 500);
    await expect(watchMaintenance(failingWith(other), report)(memberInfoEndpoint)).rejects.toBe(other);
    const ok = (() => Promise.resolve({ id: 1 })) as unknown as ApiCall;
    await expect(watchMaintenance(ok, report)(memberInfoEndpoint)).resolves.toEqual({ id: 1 });
    expect(report).toHaveBeenCalledTimes(1);
  });
});
