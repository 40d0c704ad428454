import { afterEach, describe, expect, it } from 'vitest';
import type { SessionInfo } from '../../machines/session.ts';
import { clearStoredSession, readStoredSession, readTrialName, rewriteStoredSession, writeStoredSession } from './storage.ts';

const member: SessionInfo = { token: 't1', merchantCode: 'DEMO', userName: 'alice', type: 0, firstTimeLogin: true };
const trial: SessionInfo = { token: 't2', merchantCode: 'DEMO', userName: 'trial_ab12cd', type: 4, firstTimeLogin: false };

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('session storage', () => {
  it('keeps a trial account name as trialName for this tab, cleared with the session', () => {
    writeStoredSession(trial, false);
    expect(sessionStorage.getItem('trialName')).toBe('trial_ab12cd');
    expect(readTrialName()).toBe('trial_ab12cd');
    clearStoredSession();
    expect(readTrialName()).toBeNull();
    expect(readStoredSession()).toBeNull();
  });

  it('keeps no trialName for a member', () => {
    writeStoredSession(trial, false);
    writeStoredSession(member, false);
    expect(readTrialName()).toBeNull();
  });

  it('rewrites the session where it is kept: this tab, and local storage only if it was remembered there', () => {
    writeStoredSession(member, false);
    rewriteStoredSession({ ...member, firstTimeLogin: false });
    expect(readStoredSession()).toMatchObject({ firstTimeLogin: false });
    expect(localStorage.getItem('MC_SESSION_INFO')).toBeNull();

    writeStoredSession(member, true);
    rewriteStoredSession({ ...member, firstTimeLogin: false, passwordExpired: false });
    expect(JSON.parse(localStorage.getItem('MC_SESSION_INFO') ?? '{}')).toMatchObject({ firstTimeLogin: false, passwordExpired: false });
    expect(JSON.parse(sessionStorage.getItem('MC_SESSION_INFO') ?? '{}')).toMatchObject({ firstTimeLogin: false });
  });
});
