/**
 * Each interface language's name in its own language and script (an
 * endonym: the same words whatever the reader's language, so a reader finds
 * their language in any menu). Data, not messages: a name is never
 * translated. Loaded with the language menu only.
 */
export const languageNames: Readonly<Record<string, string>> = {
  CN: '简体中文',
  EN: 'English',
  JA: '日本語',
  TH: 'ไทย',
  VI: 'Tiếng Việt',
  MY: 'မြန်မာ',
  ES: 'Español',
  HI: 'हिन्दी',
  ID: 'Bahasa Indonesia',
  KM: 'ខ្មែរ',
  KO: '한국어',
  MS: 'Bahasa Melayu',
  PT: 'Português',
  'PT-BR': 'Português (Brasil)',
  TA: 'தமிழ்',
  TW: '繁體中文',
  UR: 'اردو',
  TR: 'Türkçe',
  BN: 'বাংলা',
  AR: 'العربية',
  FA: 'فارسی',
  RU: 'Русский',
  LO: 'ລາວ',
  NE: 'नेपाली',
  FR: 'Français',
  TE: 'తెలుగు',
  SW: 'Kiswahili',
  DE: 'Deutsch',
  IT: 'Italiano',
  PL: 'Polski',
};
