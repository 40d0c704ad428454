/** The head icon upload's model: inputs and events of its model-based test and of `npm run paths avatar-upload`. */
import { avatarUploadMachine, type PickedIcon } from '../../avatar-upload.machine.ts';
import type { MachineModel } from '../model.ts';

export const pngIcon: PickedIcon = { name: 'me.png', type: 'image/png', size: 2048, file: 'png bytes' };
export const gifIcon: PickedIcon = { name: 'me.gif', type: 'image/gif', size: 2048, file: 'gif bytes' };
export const hugeIcon: PickedIcon = { name: 'me.jpg', type: 'image/jpeg', size: 5 * 1024 * 1024 + 1, file: 'jpg bytes' };
export const uploadedIcon = { icon: 'data:image/png;base64,iVBORw0KGgo=', iconVersion: 1764300000000 };

export const UPLOADED_TOAST = 'xstate.after.uploadedToast.avatarUpload.uploaded';

export const avatarUploadModel: MachineModel<typeof avatarUploadMachine> = {
  machine: avatarUploadMachine,
  aspects: [
    {
      name: 'images checked, uploaded or refused',
      inputs: [undefined as never],
      events: [
        { type: 'icon.pick', image: pngIcon },
        { type: 'icon.pick', image: gifIcon },
        { type: 'icon.pick', image: hugeIcon },
        { type: 'xstate.done.actor.uploadIcon', output: uploadedIcon },
        { type: 'xstate.error.actor.uploadIcon', error: { errorCode: 'upload.type.invalid' } },
        { type: UPLOADED_TOAST },
      ],
    },
  ],
};
