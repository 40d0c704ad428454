import { assign, fromPromise, setup } from 'xstate';
import { iconLimits } from '../contract/member.ts';
import { errorCodeOf } from './identity-types.ts';

/** A picked image as the machine sees it (the file itself goes to the upload actor untouched). */
export interface PickedIcon {
  name: string;
  type: string;
  size: number;
  file: unknown;
}

export interface AvatarUploadContext {
  errorCode: string | null;
  /** The icon the server kept, after an upload. */
  uploaded: { icon: string; iconVersion: number } | null;
}

export type AvatarUploadEvent = { type: 'icon.pick'; image: PickedIcon };

/** Message ids of the machine's own refusals (the server's codes for the same rules). */
export const avatarMessages = { typeInvalid: 'upload.type.invalid', tooLarge: 'upload.too.large' } as const;

/** Why a picked image cannot be sent (spec section 5: png or jpg of at most 5 MB), or null when it can. */
export const imageRefusalOf = (image: Pick<PickedIcon, 'type' | 'size'>): string | null =>
  !(iconLimits.types as readonly string[]).includes(image.type) ? avatarMessages.typeInvalid : image.size > iconLimits.bytesMax ? avatarMessages.tooLarge : null;

/**
 * The head icon's upload on my account (spec sections 5 and 7): a picked
 * image must be png or jpg of at most 5 MB (refused before anything is
 * sent, with its message); `uploadIcon` sends it (POST /wps/member/info/icon);
 * "Upload success" shows for `uploadedToast` (spec section 9: a success
 * toast lasts 1 s). A refusal of the server is shown and another image can
 * be picked.
 */
export const avatarUploadMachine = setup({
  types: {
    context: {} as AvatarUploadContext,
    events: {} as AvatarUploadEvent,
  },
  actors: {
    uploadIcon: fromPromise<{ icon: string; iconVersion: number }, PickedIcon>(async () => {
      throw new Error('uploadIcon is provided by the app');
    }),
  },
  guards: {
    isWrongType: ({ event }) => imageRefusalOf(event.image) === avatarMessages.typeInvalid,
    isTooLarge: ({ event }) => imageRefusalOf(event.image) === avatarMessages.tooLarge,
  },
  actions: {
    /** Tells who shows the member (the profile) about the new icon. */
    iconChanged: (_, _params: { icon: string; iconVersion: number }) => {},
  },
  delays: {
    /** Spec section 9: a success toast shows 1 s. */
    uploadedToast: 1000,
  },
}).createMachine({
  id: 'avatarUpload',
  context: { errorCode: null, uploaded: null },
  initial: 'idle',
  // Picked while idle or while the success toast shows; ignored while an upload runs.
  on: {
    'icon.pick': [
      { guard: 'isWrongType', target: '.idle', actions: assign({ errorCode: avatarMessages.typeInvalid }) },
      { guard: 'isTooLarge', target: '.idle', actions: assign({ errorCode: avatarMessages.tooLarge }) },
      { target: '.uploading', actions: assign({ errorCode: null }) },
    ],
  },
  states: {
    idle: {},
    uploading: {
      on: { 'icon.pick': {} },
      invoke: {
        id: 'uploadIcon',
        src: 'uploadIcon',
        input: ({ event }) => (event as AvatarUploadEvent).image,
        onDone: {
          target: 'uploaded',
          actions: [assign({ uploaded: ({ event }) => event.output }), { type: 'iconChanged', params: ({ event }) => event.output }],
        },
        onError: { target: 'idle', actions: assign({ errorCode: ({ event }) => errorCodeOf(event.error) }) },
      },
    },
    uploaded: {
      after: { uploadedToast: { target: 'idle' } },
    },
  },
});
