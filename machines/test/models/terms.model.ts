/** The terms machine's model: the events of its model-based test and of `npm run paths terms`. */
import { type TermsItem, termsMachine } from '../../terms.machine.ts';
import type { MachineModel } from '../model.ts';

export const termsItem: TermsItem = { title: 'Terms and conditions', content: '<p>You must be at least 21 years old.</p>' };

export const termsModel: MachineModel<typeof termsMachine> = {
  machine: termsMachine,
  aspects: [
    {
      name: 'open, load, retry and close',
      inputs: [undefined],
      events: [
        { type: 'terms.open' },
        { type: 'terms.close' },
        { type: 'terms.retry' },
        { type: 'xstate.done.actor.loadTerms', output: termsItem },
        // The help centre has no item with key `terms`.
        { type: 'xstate.done.actor.loadTerms', output: null },
        { type: 'xstate.error.actor.loadTerms', error: { kind: 'server', errorCode: 'system.busy' } },
        { type: 'xstate.error.actor.loadTerms', error: new Error('offline') },
      ],
    },
  ],
};
