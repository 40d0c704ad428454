import type en from '../../contract/messages/en.json';

/**
 * Every message id of the catalogs (EN is the source; `catalogs.test.ts` keeps
 * CN in step). Typing ids with this makes a missing message a compile error.
 */
export type MessageId = keyof typeof en;
