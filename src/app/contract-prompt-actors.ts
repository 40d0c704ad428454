/**
 * The home's contract prompts (machines/contract-prompt.machine.ts) with their
 * real side effects: the contract requests endpoint, and navigation through
 * the app machine. Loaded only after the home has shown, for a signed-in
 * member the contract check does not skip (src/routes/member-header-slot.tsx).
 */
import { fromPromise } from 'xstate';
import { contractRequestsEndpoint } from '../../contract/agent-contracts.ts';
import { contractPromptMachine } from '../../machines/contract-prompt.machine.ts';
import type { ApiCall } from '../api/client.ts';
import { apiCall } from './api.ts';
import { goTo } from './navigation.ts';

/** The system id of the prompts' actor: a long-lived child of the app actor, one run per session. */
export const contractPromptId = 'contractPrompt';

export function provideContractPromptMachine(call: ApiCall = apiCall) {
  return contractPromptMachine.provide({
    actors: { loadRequests: fromPromise(async () => call(contractRequestsEndpoint)) },
    actions: { goTo },
  });
}
