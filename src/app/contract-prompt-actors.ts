/**
 * The home's contract prompts (machines/contract-prompt.machine.ts) with their
 * real side effects: the contract requests endpoint, and navigation through
 * the app machine. Loaded only after the home has shown, for a signed-in
 * member the contract check does not skip (src/routes/balance-slot.tsx).
 */
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { type ActorRefFrom, fromPromise } from 'xstate';
import { type ContractKind, contractRequestsEndpoint } from '../../contract/agent-contracts.ts';
import { contractPromptMachine } from '../../machines/contract-prompt.machine.ts';
import type { SessionInfo } from '../../machines/session.ts';
import type { ApiCall } from '../api/client.ts';
import { AppActorContext } from './app-actor.tsx';
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

type ContractPromptActor = ActorRefFrom<typeof contractPromptMachine>;

/**
 * The prompts' actor for this session, started as a child of the app actor
 * once per session: a run for this session (asking still, or done) is kept,
 * another session's is stopped and a new one started. Answers the kind the
 * prompt on screen asks about (none when nothing is asked) and the actor.
 */
export function useContractPrompt(session: SessionInfo): { kind: ContractKind | undefined; prompt: ContractPromptActor | undefined } {
  const app = AppActorContext.useActorRef();
  const prompt = AppActorContext.useSelector((s) => s.children[contractPromptId]) as ContractPromptActor | undefined;
  const ranFor = useSelector(prompt, (s) => s?.context.session);
  const running = useSelector(prompt, (s) => s?.status === 'active');
  useEffect(() => {
    if (ranFor === session.token) return;
    if (running) app.send({ type: 'actor.stop', systemId: contractPromptId });
    app.send({ type: 'actor.spawn', systemId: contractPromptId, logic: provideContractPromptMachine(), input: { memberType: session.type, session: session.token } });
  }, [app, ranFor, running, session.token, session.type]);
  const kind = useSelector(prompt, (s) => (s?.matches('asking') && s.context.session === session.token ? s.context.kinds[0] : undefined));
  return { kind, prompt };
}
