/**
 * The member machines (machines/member-profile, account-field,
 * avatar-upload) with their real side effects: the member and wallet API
 * (contract/member.ts, contract/wallet.ts), the clipboard, and the picked
 * image read, made small and sent as a data URL.
 *
 * Imported only by the member views (route chunks and the member menu,
 * loaded on demand), never by src/main.tsx or the shell's first load.
 */
import { fromPromise } from 'xstate';
import { accountFieldMachine } from '../../machines/account-field.machine.ts';
import { avatarUploadMachine, type PickedIcon } from '../../machines/avatar-upload.machine.ts';
import { type MemberProfile, type MemberProfileEvent, memberProfileMachine } from '../../machines/member-profile.machine.ts';
import type { ApiCall } from '../api/client.ts';
import {
  type AccountField,
  emailEndpoint,
  memberIconEndpoint,
  memberInfoEndpoint,
  nicknameEndpoint,
  payeeNameEndpoint,
  registrationRulesEndpoint,
  uploadMemberIconEndpoint,
} from '../../contract/member.ts';
import { walletEndpoint } from '../../contract/wallet.ts';
import { apiCall } from './api.ts';
import type { SystemArgs } from './app-events.ts';
import type { SettingsPromise } from './site-settings.ts';

/** The system id of the profile the member screens show (one screen at a time has it; the member menu has its own). */
export const profileSystemId = 'memberProfile';

/** Sends to the shown profile, so a saved field or icon shows at once. */
const toProfile = ({ system }: SystemArgs, event: MemberProfileEvent) =>
  system.get(profileSystemId)?.send(event);

/** The member info, head icon, wallet and field rules, read together. */
export async function loadMemberProfile(settings: SettingsPromise, call: ApiCall = apiCall): Promise<MemberProfile> {
  const [info, icon, wallet, rules, merchant] = await Promise.all([
    call(memberInfoEndpoint),
    call(memberIconEndpoint),
    call(walletEndpoint),
    call(registrationRulesEndpoint),
    settings,
  ]);
  const { nickname, email, payeeName } = rules.fields;
  return {
    info,
    icon: icon.icon,
    balance: { sumBalance: wallet.sumBalance, currency: wallet.merchant.currency },
    rules: { nickname, email, payeeName },
    betRecord: merchant?.switches.TRANSBETREPMEM3 === true,
    referral: merchant?.switches.REFERRAL3 === true,
  };
}

/** The profile machine of a member screen; `settings` are the merchant's (the root route's), for the bet record switch. */
export function provideMemberProfileMachine(settings: SettingsPromise, call: ApiCall = apiCall) {
  return memberProfileMachine.provide({
    actors: {
      loadProfile: fromPromise(() => loadMemberProfile(settings, call)),
      copyText: fromPromise(async ({ input }: { input: { text: string } }) => navigator.clipboard.writeText(input.text)),
    },
  });
}

const saveCalls = {
  nickname: (call: ApiCall, value: string) => call(nicknameEndpoint, { body: { nickname: value } }),
  email: (call: ApiCall, value: string) => call(emailEndpoint, { body: { email: value } }),
  payeeName: (call: ApiCall, value: string) => call(payeeNameEndpoint, { body: { payeeName: value } }),
} satisfies Record<AccountField, (call: ApiCall, value: string) => Promise<null>>;

export function provideAccountFieldMachine(call: ApiCall = apiCall) {
  return accountFieldMachine.provide({
    actors: {
      saveField: fromPromise(async ({ input }: { input: { field: AccountField; value: string } }) => {
        await saveCalls[input.field](call, input.value);
      }),
    },
    actions: { fieldSaved: (args, saved) => toProfile(args, { type: 'profile.field', ...saved }) },
  });
}

/** The longest side of the head icon as it is kept (it shows at most 96 CSS px, so twice that covers dense screens). */
export const iconSide = 192;

/** A blob as a `data:` URL (how the upload calls send images). */
export function dataUrlOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

/**
 * The picked image made at most `iconSide` px on its longer side, in its own
 * type (png or jpeg), when the browser can draw it; else the file as it is
 * (the server checks the bytes either way).
 */
async function smallIcon(file: Blob): Promise<Blob> {
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return file;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, iconSide / Math.max(bitmap.width, bitmap.height));
    if (scale === 1) return file;
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const small = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, file.type, 0.9));
    return small && small.size < file.size ? small : file;
  } catch {
    return file;
  }
}

export function provideAvatarUploadMachine(call: ApiCall = apiCall) {
  return avatarUploadMachine.provide({
    actors: {
      uploadIcon: fromPromise(async ({ input }: { input: PickedIcon }) => {
        const icon = await dataUrlOf(await smallIcon(input.file as Blob));
        return call(uploadMemberIconEndpoint, { body: { icon } });
      }),
    },
    actions: { iconChanged: (args, uploaded) => toProfile(args, { type: 'profile.icon', ...uploaded }) },
  });
}
