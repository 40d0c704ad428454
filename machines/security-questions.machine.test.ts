import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { SecurityQuestionId } from '../contract/security.ts';
import { answersFit, answersPickDistinct, type QuestionChoices, type SecurityQuestionsSave, securityQuestionsMachine } from './security-questions.machine.ts';
import { coverageOf, eventsOf } from './test/coverage.ts';
import { deferred, flush } from './test/fakes.ts';
import { choices, goodAnswers, securityQuestionsModel } from './test/models/security-questions.model.ts';
import { replayModelPaths } from './test/replay-suite.ts';

const pathSets = replayModelPaths('security questions machine', securityQuestionsModel, {
  delays: { savedToast: 1000 },
  invokes: { loadChoices: 'loadChoices', saveAnswers: 'saveAnswers' },
});

describe('security questions machine: coverage of the generated paths', () => {
  it('reaches every state node and takes every transition', () => {
    const coverage = coverageOf(securityQuestionsMachine, pathSets);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it('the coverage check notices a transition left out', () => {
    const withoutRetry = pathSets.map(({ input, paths }) => ({ input, paths: paths.filter((p) => !eventsOf(p).some((e) => e.type === 'questions.retry')) }));
    expect(coverageOf(securityQuestionsMachine, withoutRetry).missingTransitions).toEqual(['securityQuestions.failed --questions.retry--> securityQuestions.loading']);
  });
});

describe('security questions machine', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks for two different offered questions and answers of 2 to 64 characters as compared', () => {
    expect(answersPickDistinct(goodAnswers, choices)).toBe(true);
    expect(answersPickDistinct([goodAnswers[0]!], choices)).toBe(false);
    expect(answersPickDistinct([goodAnswers[0]!, goodAnswers[0]!], choices)).toBe(false);
    expect(answersPickDistinct([goodAnswers[0]!, { questionId: 'favouriteColour', answer: 'red' }], choices)).toBe(false);
    expect(answersFit(goodAnswers)).toBe(true);
    expect(answersFit([{ questionId: 'firstPet', answer: '  a  ' }])).toBe(false);
    expect(answersFit([{ questionId: 'firstPet', answer: 'x'.repeat(65) }])).toBe(false);
    expect(answersFit([{ questionId: 'firstPet', answer: `  ${'x'.repeat(64)}  ` }])).toBe(true);
  });

  it('loads the choices, refuses a bad form before sending, saves, tells the security center and toasts 1 s', async () => {
    vi.useFakeTimers();
    const load = deferred<QuestionChoices, unknown>();
    const save = deferred<{ questionIds: SecurityQuestionId[] }, SecurityQuestionsSave>();
    const questionsSaved = vi.fn();
    const actor = createActor(
      securityQuestionsMachine.provide({ actors: { loadChoices: load.logic, saveAnswers: save.logic }, actions: { questionsSaved: (_, params) => questionsSaved(params) } }),
      { input: { current: [] } },
    );
    actor.start();
    load.resolve(choices);
    await flush();
    actor.send({ type: 'questions.submit', loginPassword: 'pw', answers: [goodAnswers[0]!, goodAnswers[0]!] });
    expect(actor.getSnapshot().context.errorCode).toBe('security.question.invalid');
    actor.send({ type: 'questions.submit', loginPassword: 'pw', answers: [goodAnswers[0]!, { questionId: 'birthCity', answer: 'x' }] });
    expect(actor.getSnapshot().context.errorCode).toBe('security.answer.invalid');
    actor.send({ type: 'questions.submit', loginPassword: '', answers: goodAnswers });
    expect(actor.getSnapshot().context.errorCode).toBe('security.loginPassword.required');
    expect(save.inputs).toEqual([]);
    actor.send({ type: 'questions.submit', loginPassword: 'Player#2026', answers: goodAnswers });
    expect(save.inputs).toEqual([{ loginPassword: 'Player#2026', answers: goodAnswers }]);
    save.resolve({ questionIds: ['firstPet', 'birthCity'] });
    await flush();
    expect(questionsSaved).toHaveBeenCalledWith({ questionIds: ['firstPet', 'birthCity'] });
    vi.advanceTimersByTime(1000);
    expect(actor.getSnapshot().output).toEqual({ saved: ['firstPet', 'birthCity'] });
  });

  it("shows the server's refusal (a wrong login password) and forgets the request", async () => {
    const load = deferred<QuestionChoices, unknown>();
    const save = deferred<{ questionIds: SecurityQuestionId[] }, SecurityQuestionsSave>();
    const actor = createActor(securityQuestionsMachine.provide({ actors: { loadChoices: load.logic, saveAnswers: save.logic } }), { input: { current: ['firstPet', 'firstCar'] } });
    actor.start();
    load.resolve(choices);
    await flush();
    actor.send({ type: 'questions.submit', loginPassword: 'wrong', answers: goodAnswers });
    save.reject({ errorCode: 'modify.old.password.incorrect' });
    await flush();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toMatchObject({ request: null, errorCode: 'modify.old.password.incorrect', current: ['firstPet', 'firstCar'] });
    actor.send({ type: 'questions.cancel' });
    expect(actor.getSnapshot().output).toEqual({ saved: null });
  });
});
