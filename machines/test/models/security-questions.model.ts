/** The security questions' model: inputs and events of its model-based test and of `npm run paths security-questions`. */
import { securityQuestionIds } from '../../../contract/security.ts';
import { securityQuestionsMachine } from '../../security-questions.machine.ts';
import type { MachineModel } from '../model.ts';

export const choices = { questionIds: [...securityQuestionIds], count: 2 };
export const goodAnswers = [
  { questionId: 'firstPet', answer: 'Rex' },
  { questionId: 'birthCity', answer: ' Cebu  City ' },
];

export const SAVED_TOAST = 'xstate.after.savedToast.securityQuestions.saved';

export const securityQuestionsModel: MachineModel<typeof securityQuestionsMachine> = {
  machine: securityQuestionsMachine,
  aspects: [
    {
      name: 'questions picked, answered and confirmed; refused or cancelled',
      inputs: [{ current: [] }],
      events: [
        { type: 'xstate.done.actor.loadChoices', output: choices },
        { type: 'xstate.error.actor.loadChoices', error: { errorCode: 'client.network' } },
        { type: 'questions.retry' },
        { type: 'questions.submit', loginPassword: 'Player#2026', answers: goodAnswers },
        { type: 'questions.submit', loginPassword: 'Player#2026', answers: [goodAnswers[0]!, { questionId: 'firstPet', answer: 'Max' }] },
        { type: 'questions.submit', loginPassword: 'Player#2026', answers: [goodAnswers[0]!, { questionId: 'birthCity', answer: ' x ' }] },
        { type: 'questions.submit', loginPassword: '', answers: goodAnswers },
        { type: 'questions.cancel' },
        { type: 'xstate.done.actor.saveAnswers', output: { questionIds: ['firstPet', 'birthCity'] } },
        { type: 'xstate.error.actor.saveAnswers', error: { errorCode: 'modify.old.password.incorrect' } },
        { type: SAVED_TOAST },
      ],
    },
  ],
};
