/** The people the local identity provider knows (README: demo accounts); each provider has its own. */
export type LocalIdpName = 'google' | 'facebook';

export interface IdpAccount {
  /** The provider's stable subject identifier: what the casino links a member to. */
  sub: string;
  email: string;
  name: string;
  password: string;
}

export const localIdpAccounts: Record<LocalIdpName, readonly IdpAccount[]> = {
  google: [
    { sub: '104518220931', email: 'ana.santos@gmail.test', name: 'Ana Santos', password: 'Google#2026' },
    { sub: '104518220932', email: 'luis.cruz@gmail.test', name: 'Luis Cruz', password: 'Google#2026' },
  ],
  facebook: [
    { sub: '10160228311', email: 'ben.reyes@facebook.test', name: 'Ben Reyes', password: 'Facebook#2026' },
    { sub: '10160228312', email: 'mia.lopez@facebook.test', name: 'Mia Lopez', password: 'Facebook#2026' },
  ],
};
