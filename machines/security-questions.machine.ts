import { assign, fromPromise, setup } from 'xstate';
import { normalizeSecurityAnswer, type SecurityQuestionId, securityQuestionRules } from '../contract/security.ts';
import { errorCodeOf } from './identity-types.ts';

export interface SecurityAnswer {
  questionId: string;
  answer: string;
}

/** The questions offered and how many to answer (`/wps/member/securityQuestions`). */
export interface QuestionChoices {
  questionIds: SecurityQuestionId[];
  count: number;
}

export interface SecurityQuestionsSave {
  loginPassword: string;
  answers: SecurityAnswer[];
}

export interface SecurityQuestionsInput {
  /** The questions the member answered before (none: empty). */
  current: SecurityQuestionId[];
}

export interface SecurityQuestionsContext extends SecurityQuestionsInput {
  choices: QuestionChoices | null;
  request: SecurityQuestionsSave | null;
  errorCode: string | null;
}

export type SecurityQuestionsEvent =
  | { type: 'questions.retry' }
  | ({ type: 'questions.submit' } & SecurityQuestionsSave)
  | { type: 'questions.cancel' };

type QuestionsSubmit = Extract<SecurityQuestionsEvent, { type: 'questions.submit' }>;

/** Message ids of the machine's own refusals: the server's codes for the same rules, and the login password left empty. */
export const securityQuestionsMessages = {
  question: 'security.question.invalid',
  answer: 'security.answer.invalid',
  loginPasswordRequired: 'security.loginPassword.required',
} as const;

/** Whether the answers are to `count` different questions of the offered ones. */
export function answersPickDistinct(answers: readonly SecurityAnswer[], choices: QuestionChoices): boolean {
  const ids = answers.map((a) => a.questionId);
  return ids.length === choices.count && new Set(ids).size === ids.length && ids.every((id) => (choices.questionIds as string[]).includes(id));
}

/** Whether every answer, as it is compared (`normalizeSecurityAnswer`), is 2 to 64 characters. */
export const answersFit = (answers: readonly SecurityAnswer[]) =>
  answers.every(({ answer }) => {
    const { length } = normalizeSecurityAnswer(answer);
    return length >= securityQuestionRules.answerMin && length <= securityQuestionRules.answerMax;
  });

/**
 * Security questions on the security center (/m/securityCenter; spec section
 * 7: securityQuestions, customerSecurityQuestions). `loadChoices` reads the
 * questions offered and how many to answer; the member picks that many
 * different ones, answers each (2 to 64 characters as compared: trimmed, case
 * and inner spaces ignored) and confirms with the login password, all checked
 * before anything is sent. `saveAnswers` replaces the earlier answers; "Security
 * questions saved" shows for `savedToast` (spec section 9), `questionsSaved`
 * tells the security center which questions are set, and the machine ends.
 * Customer service checks a caller's answer with the operator command line
 * (`members answer-check`).
 */
export const securityQuestionsMachine = setup({
  types: {
    context: {} as SecurityQuestionsContext,
    events: {} as SecurityQuestionsEvent,
    input: {} as SecurityQuestionsInput,
    output: {} as { saved: SecurityQuestionId[] | null },
  },
  actors: {
    loadChoices: fromPromise<QuestionChoices>(async () => {
      throw new Error('loadChoices is provided by the app');
    }),
    saveAnswers: fromPromise<{ questionIds: SecurityQuestionId[] }, SecurityQuestionsSave>(async () => {
      throw new Error('saveAnswers is provided by the app');
    }),
  },
  actions: {
    /** Tells the security center which questions are answered now. */
    questionsSaved: (_, _params: { questionIds: SecurityQuestionId[] }) => {},
  },
  guards: {
    isPickInvalid: ({ context, event }) => context.choices !== null && !answersPickDistinct((event as QuestionsSubmit).answers, context.choices),
    isAnswerInvalid: ({ event }) => !answersFit((event as QuestionsSubmit).answers),
    isLoginPasswordEmpty: ({ event }) => (event as QuestionsSubmit).loginPassword.length === 0,
  },
  delays: {
    /** Spec section 9: a success toast shows 1 s. */
    savedToast: 1000,
  },
}).createMachine({
  id: 'securityQuestions',
  context: ({ input }) => ({ current: input.current, choices: null, request: null, errorCode: null }),
  initial: 'loading',
  output: ({ context }) => ({ saved: context.request ? context.current : null }),
  states: {
    loading: {
      invoke: {
        id: 'loadChoices',
        src: 'loadChoices',
        onDone: { target: 'editing', actions: assign({ choices: ({ event }) => event.output, errorCode: null }) },
        onError: { target: 'failed', actions: assign({ errorCode: ({ event }) => errorCodeOf(event.error) }) },
      },
    },
    failed: {
      on: {
        'questions.retry': { target: 'loading' },
        'questions.cancel': { target: 'cancelled' },
      },
    },
    editing: {
      on: {
        'questions.submit': [
          { guard: 'isPickInvalid', actions: assign({ errorCode: securityQuestionsMessages.question }) },
          { guard: 'isAnswerInvalid', actions: assign({ errorCode: securityQuestionsMessages.answer }) },
          { guard: 'isLoginPasswordEmpty', actions: assign({ errorCode: securityQuestionsMessages.loginPasswordRequired }) },
          {
            target: 'saving',
            actions: assign({
              request: ({ event }) => ({ loginPassword: event.loginPassword, answers: event.answers.map(({ questionId, answer }) => ({ questionId, answer })) }),
              errorCode: null,
            }),
          },
        ],
        'questions.cancel': { target: 'cancelled' },
      },
    },
    saving: {
      invoke: {
        id: 'saveAnswers',
        src: 'saveAnswers',
        input: ({ context }) => context.request!,
        onDone: {
          target: 'saved',
          actions: [
            assign({ current: ({ event }) => event.output.questionIds }),
            { type: 'questionsSaved', params: ({ event }) => ({ questionIds: event.output.questionIds }) },
          ],
        },
        onError: { target: 'editing', actions: assign({ request: null, errorCode: ({ event }) => errorCodeOf(event.error) }) },
      },
    },
    saved: {
      after: { savedToast: { target: 'done' } },
    },
    done: { type: 'final' },
    cancelled: { type: 'final' },
  },
});
