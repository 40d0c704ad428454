/**
 * Feedback over HTTP as members send and read it, and the operator's
 * commands: submit with the six question types, the merchant's word limits
 * (defaults 5 and 500, then changed by `feedback limits`) with the contract's
 * word rule (CJK and Thai counted by dictionary words), images checked by
 * their bytes (count, size, declared and real type), the member's own list
 * (newest first, paged) and detail, another member's feedback answering 404
 * as a missing one, guests 401 and trial accounts 403, bad input 400 with an
 * errorCode and never 500, and the operator's reply through the CLI's parser
 * and the admin command, which the member then reads.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes } from '../../../contract/error-codes.ts';
import {
  countWords,
  type FeedbackImage,
  feedbackDetailEndpoint,
  feedbackListEndpoint,
  feedbackSubmitEndpoint,
  feedbackTypes,
} from '../../../contract/feedback.ts';
import { parseAdminArgs, runAdminCli } from '../../admin/cli.ts';
import { executeAdminCommand } from '../../admin/commands.ts';
import { openDatabase } from '../../db/connect.ts';
import { demoReceiptPng } from '../../seed/seed-promotions.ts';
import { createHarness, failureOf, type Harness, rawCall, type TestClient } from '../../test/identity-harness.ts';
import { createTestDataDir } from '../../test/test-db.ts';
import { createMember, signIn, signInTrial } from '../../test/wallet-harness.ts';
import { maxBase64Length, submitFeedback } from './service.ts';

let h: Harness;
let alice: TestClient;
let bob: TestClient;

const png = (): FeedbackImage => ({ name: 'receipt.png', type: 'image/png', data: demoReceiptPng });
const jpegBytes = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), Buffer.alloc(64, 7), Buffer.from([0xff, 0xd9])]);
const jpeg = (): FeedbackImage => ({ name: 'photo.jpg', type: 'image/jpeg', data: jpegBytes.toString('base64') });
const text = 'My deposit of 500 has not arrived yet, please check it.';

const submit = (c: TestClient, body: { type?: (typeof feedbackTypes)[number]; content?: string; images?: FeedbackImage[] } = {}) =>
  c.call(feedbackSubmitEndpoint, { body: { type: body.type ?? 'deposit', content: body.content ?? text, images: body.images ?? [] } });

/** Runs an operator command as the CLI parses it, on the harness's database. */
async function admin(...argv: string[]) {
  const parsed = parseAdminArgs(argv);
  if (!('command' in parsed)) throw new Error(`not a command: ${JSON.stringify(parsed)}`);
  return executeAdminCommand(h.testDb.db, parsed.command);
}

beforeAll(async () => {
  h = await createHarness();
  await createMember(h.testDb.db, 'fbalice');
  await createMember(h.testDb.db, 'fbbob');
  alice = await signIn(h, 'fbalice');
  bob = await signIn(h, 'fbbob');
});
afterAll(() => h.close());

describe('the word rule', () => {
  it('counts words separated by spaces or punctuation, and the dictionary words of scripts without spaces', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('   \n ')).toBe(0);
    expect(countWords('Hello, world! It’s 5 o’clock.')).toBe(5);
    expect(countWords('— ... !!!')).toBe(0);
    expect(countWords('Мой депозит не пришёл')).toBe(4);
    expect(countWords('입금이 안 됩니다')).toBe(3);
    // Chinese, Japanese and Thai have no spaces: their words, neither one nor every character.
    const chinese = countWords('我的存款没有到账');
    expect(chinese).toBeGreaterThan(1);
    expect(chinese).toBeLessThan(8);
    expect(countWords('ฝากเงินแล้วยังไม่เข้าบัญชี')).toBeGreaterThan(3);
    expect(countWords('入金が反映されません')).toBeGreaterThan(2);
  });
});

describe('submitting feedback', () => {
  it('takes each question type with its text and images, and the member reads it back', async () => {
    for (const type of feedbackTypes) {
      const item = await submit(alice, { type, content: `${text} (${type})` });
      expect(item).toMatchObject({ type, status: 'open', images: [], replies: [] });
    }
    const withImages = await submit(alice, { content: `  ${text}  `, images: [png(), jpeg()] });
    expect(withImages.content).toBe(text);
    expect(withImages.images).toEqual([
      { name: 'receipt.png', type: 'image/png', size: Buffer.from(demoReceiptPng, 'base64').length },
      { name: 'photo.jpg', type: 'image/jpeg', size: jpegBytes.length },
    ]);
    expect(await alice.call(feedbackDetailEndpoint, { query: { id: withImages.id } })).toEqual(withImages);
  });

  it('refuses text outside the merchant word limits with their codes', async () => {
    expect((await failureOf(submit(alice, { content: 'Too short here' }))).errorCode).toBe(errorCodes.feedbackWordsTooFew);
    expect((await failureOf(submit(alice, { content: '   ' }))).errorCode).toBe(errorCodes.feedbackWordsTooFew);
    expect((await failureOf(submit(alice, { content: 'word '.repeat(501) }))).errorCode).toBe(errorCodes.feedbackWordsTooMany);
    await submit(alice, { content: 'one two three four five' });
    await submit(alice, { content: 'word '.repeat(500) });
  });

  it('refuses a bad type, too many, too large, or other kinds of images with their codes, never 500', async () => {
    const raw = (payload: unknown) => rawCall(h.app, feedbackSubmitEndpoint, { headers: { authorization: alice.token ?? '' }, payload });
    const body = { type: 'deposit', content: text, images: [] as unknown[] };
    expect(await raw({ ...body, type: 'casino' })).toMatchObject({ status: 400, errorCode: errorCodes.feedbackTypeInvalid });
    expect(await raw({ ...body, images: [png(), png(), png(), png()] })).toMatchObject({ status: 400, errorCode: errorCodes.uploadTooMany });
    expect(await raw({ ...body, images: [{ name: 'a.gif', type: 'image/gif', data: 'R0lG' }] })).toMatchObject({ status: 400, errorCode: errorCodes.uploadTypeInvalid });
    expect(await raw({ ...body, images: [{ ...png(), type: 'image/jpeg' }] })).toMatchObject({ status: 400, errorCode: errorCodes.uploadTypeInvalid });
    expect(await raw({ ...body, images: [{ ...png(), data: Buffer.from('not an image at all').toString('base64') }] })).toMatchObject({
      status: 400,
      errorCode: errorCodes.uploadTypeInvalid,
    });
    expect(await raw({ ...body, images: [{ ...png(), data: 'not base64!' }] })).toMatchObject({ status: 400, errorCode: errorCodes.uploadTypeInvalid });
    expect(await raw({ ...body, images: [{ ...png(), data: 'A'.repeat(maxBase64Length + 4) }] })).toMatchObject({ status: 400, errorCode: errorCodes.uploadTooLarge });
    // 5 MB and one byte of a real PNG header.
    const big = Buffer.alloc(5 * 1024 * 1024 + 1);
    Buffer.from(demoReceiptPng, 'base64').copy(big);
    expect(await raw({ ...body, images: [{ ...png(), data: big.toString('base64') }] })).toMatchObject({ status: 400, errorCode: errorCodes.uploadTooLarge });
    for (const payload of [null, 'text', {}, { ...body, content: 42 }, { ...body, content: 'a\u0000b c d e f' }, { ...body, images: 'x' }]) {
      const res = await raw(payload);
      expect(res.status, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(payload)).toBeLessThan(500);
      expect(res.errorCode).toBeTruthy();
    }
  });
});

describe('reading feedback', () => {
  it('lists only the member own feedback, newest first, paged, with the limits', async () => {
    const mine = await submit(bob, { type: 'game', content: 'The slot froze after my spin, please help.' });
    const first = await bob.call(feedbackListEndpoint, { query: {} });
    expect(first).toMatchObject({ limits: { minWords: 5, maxWords: 500, imagesMax: 3, imageBytesMax: 5 * 1024 * 1024 }, pageNo: 1, total: 1 });
    expect(first.list.map((i) => i.id)).toEqual([mine.id]);
    const aliceList = await alice.call(feedbackListEndpoint, { query: { pageSize: 3 } });
    expect(aliceList.list).toHaveLength(3);
    expect(aliceList.total).toBeGreaterThan(3);
    const ids = aliceList.list.map((i) => i.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const second = await alice.call(feedbackListEndpoint, { query: { pageNo: 2, pageSize: 3 } });
    expect(Math.max(...second.list.map((i) => i.id))).toBeLessThan(Math.min(...ids));
    expect([...aliceList.list, ...second.list].some((i) => i.id === mine.id)).toBe(false);
  });

  it("answers another member's feedback exactly as a missing one (404)", async () => {
    const bobs = await submit(bob, { content: 'Withdrawal still pending after two days.' });
    expect(await failureOf(alice.call(feedbackDetailEndpoint, { query: { id: bobs.id } }))).toMatchObject({ errorCode: errorCodes.feedbackNotFound, status: 404 });
    expect(await failureOf(alice.call(feedbackDetailEndpoint, { query: { id: 999_999_999 } }))).toMatchObject({ errorCode: errorCodes.feedbackNotFound, status: 404 });
    const bad = await rawCall(h.app, feedbackDetailEndpoint, { headers: { authorization: alice.token ?? '' }, url: `${feedbackDetailEndpoint.path}?id=abc` });
    expect(bad.status).toBe(400);
    expect(bad.errorCode).toBeTruthy();
  });

  it('refuses guests (401) and trial accounts (403 free_reject)', async () => {
    expect(await rawCall(h.app, feedbackListEndpoint)).toMatchObject({ status: 401, errorCode: 'user.or.token.invalid' });
    expect(await rawCall(h.app, feedbackSubmitEndpoint, { payload: { type: 'other', content: text, images: [] } })).toMatchObject({ status: 401 });
    const trial = await signInTrial(h);
    expect(await failureOf(trial.call(feedbackListEndpoint, { query: {} }))).toMatchObject({ status: 403, errorCode: errorCodes.freeReject });
    expect(await failureOf(submit(trial))).toMatchObject({ status: 403, errorCode: errorCodes.freeReject });
  });
});

describe('the operator', () => {
  it('lists, shows, replies and closes through the CLI commands; the member reads the reply', async () => {
    const item = await submit(bob, { type: 'service', content: 'Customer service did not answer my chat yesterday.', images: [png()] });
    const open = await admin('feedback', 'list', '--status', 'open');
    expect('feedbackAdmin' in open && open.feedbackAdmin.entries.map((e) => e.id)).toContain(item.id);
    const shown = await admin('feedback', 'show', String(item.id));
    expect('feedbackAdmin' in shown && shown.feedbackAdmin.entries[0]).toMatchObject({ id: item.id, username: 'fbbob', images: [{ name: 'receipt.png' }] });

    await admin('feedback', 'reply', String(item.id), '--text', 'Sorry for the wait, we have called you back.');
    const read = await bob.call(feedbackDetailEndpoint, { query: { id: item.id } });
    expect(read.status).toBe('answered');
    expect(read.replies.map((r) => r.text)).toEqual(['Sorry for the wait, we have called you back.']);
    const listed = await bob.call(feedbackListEndpoint, { query: {} });
    expect(listed.list.find((i) => i.id === item.id)?.replies).toHaveLength(1);

    await admin('feedback', 'close', String(item.id));
    expect((await bob.call(feedbackDetailEndpoint, { query: { id: item.id } })).status).toBe('closed');
    await expect(admin('feedback', 'reply', '999999999', '--text', 'x')).rejects.toMatchObject({ errorCode: errorCodes.feedbackNotFound });
  });

  it('sets the merchant word limits, which the list reports and submit enforces', async () => {
    await admin('feedback', 'limits', '--min', '2', '--max', '4');
    expect((await alice.call(feedbackListEndpoint, { query: {} })).limits).toMatchObject({ minWords: 2, maxWords: 4 });
    await submit(alice, { content: 'Deposit missing' });
    expect((await failureOf(submit(alice, { content: 'one two three four five' }))).errorCode).toBe(errorCodes.feedbackWordsTooMany);
    await admin('feedback', 'limits', '--min', '5', '--max', '500');
  });

  it('parses the feedback commands and refuses bad arguments with a reason', () => {
    expect(parseAdminArgs(['feedback', 'list'])).toEqual({ command: { kind: 'feedback.list', merchant: 'DEMO' } });
    expect(parseAdminArgs(['feedback', 'reply', '12', '--text', ' Done. ', '--merchant', 'ACME'])).toEqual({
      command: { kind: 'feedback.reply', merchant: 'ACME', id: 12, text: 'Done.' },
    });
    expect(parseAdminArgs(['feedback', 'limits', '--min=3', '--max=300'])).toEqual({ command: { kind: 'feedback.limits', merchant: 'DEMO', minWords: 3, maxWords: 300 } });
    const refused: [string[], string][] = [
      [['feedback'], 'feedback needs a command'],
      [['feedback', 'drop', '1'], 'Unknown command "feedback drop"'],
      [['feedback', 'list', '--status', 'all'], 'Invalid status "all"'],
      [['feedback', 'show'], 'feedback show needs a feedback id'],
      [['feedback', 'show', 'x1'], 'feedback show needs a feedback id'],
      [['feedback', 'reply', '3'], 'feedback reply needs a feedback id and --text'],
      [['feedback', 'reply', '3', '--text'], '--text needs a value'],
      [['feedback', 'close', '3', '--text', 'x'], '--text does not apply to "feedback close"'],
      [['feedback', 'limits', '--min', '9', '--max', '3'], 'feedback limits needs --min and --max'],
      [['feedback', 'list', '--to', 'x'], 'Unknown option --to for "feedback"'],
    ];
    for (const [argv, message] of refused) {
      const parsed = parseAdminArgs(argv);
      expect('error' in parsed && parsed.error, argv.join(' ')).toContain(message);
    }
  });

  it('runs as the admin CLI on a data directory', async () => {
    const dataDir = await createTestDataDir('feedback-cli-');
    try {
      const handle = await openDatabase({ dataDir });
      let id: number;
      try {
        const member = await createMember(handle.db, 'fbcli');
        id = (await submitFeedback(handle.db, { merchantCode: 'DEMO', memberId: member.id }, { type: 'app', content: 'The app logs me out every hour.', images: [] }, new Date())).id;
      } finally {
        await handle.close();
      }
      const out: string[] = [];
      const err: string[] = [];
      const io = { env: { DATA_DIR: dataDir }, out: (t: string) => out.push(t), err: (t: string) => err.push(t) };
      expect(await runAdminCli(['feedback', 'reply', String(id), '--text', 'Please update to the latest version.'], io), err.join('\n')).toBe(0);
      expect(out.join('\n')).toContain('OK: feedback.reply');
      expect(out.join('\n')).toContain('reply ');
      expect(await runAdminCli(['feedback', 'list', '--status', 'answered'], io)).toBe(0);
      expect(out.at(-1)).toMatch(new RegExp(`#${id}\\s+fbcli\\s+answered\\s+app`));
      expect(await runAdminCli(['feedback', 'show', '999999'], io)).toBe(1);
      expect(err.at(-1)).toContain('feedback.not.found');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
