import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import {
  base64ToBytes,
  bytesToBase64,
  createSealer,
  importPublicKey,
  packSealed,
  publicKeyEndpoint,
  sealPayload,
  unpackSealed,
} from '../../../contract/sealed.ts';
import { loginEndpoint } from '../../../contract/session.ts';
import { rsaKeys } from '../../db/schema.ts';
import { createHarness, failureOf, type Harness, rawCall } from '../../test/identity-harness.ts';
import { createKeyStore } from './key-store.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const path = '/wps/session/login';

describe('hybrid encryption (RSA-OAEP SHA-256 + AES-256-GCM)', () => {
  it('round trip: the browser module seals, the server opens', async () => {
    const info = await h.client().call(publicKeyEndpoint);
    expect(info.algorithm).toBe('RSA-OAEP-256');
    const key = await importPublicKey(info);
    const payload = { type: 'username', username: 'player1', password: 'Pässwörd#2026 😀', remember: true };
    const sealed = await sealPayload(key, path, payload);
    expect(sealed.value).not.toContain('player1');
    await expect(h.app.identity.keys.open(path, sealed.value)).resolves.toEqual(payload);
    // Two sealings of the same payload differ (fresh AES key and IV).
    expect((await sealPayload(key, path, payload)).value).not.toBe(sealed.value);
  });

  it('binds the body to its endpoint and detects tampering', async () => {
    const key = await importPublicKey(await h.client().call(publicKeyEndpoint));
    const sealed = await sealPayload(key, path, { a: 1 });
    await expect(h.app.identity.keys.open('/wps/member/register', sealed.value)).rejects.toMatchObject({ errorCode: 'crypto.invalid' });
    const bytes = base64ToBytes(sealed.value);
    bytes[bytes.length - 1]! ^= 1;
    await expect(h.app.identity.keys.open(path, bytesToBase64(bytes))).rejects.toMatchObject({ errorCode: 'crypto.invalid' });
    const parts = unpackSealed(base64ToBytes(sealed.value))!;
    const otherKey = bytesToBase64(packSealed({ ...parts, keyId: 'k-unknown' }));
    await expect(h.app.identity.keys.open(path, otherKey)).rejects.toMatchObject({ errorCode: 'crypto.key.unknown' });
    for (const junk of ['', '@@@', 'AAAA', bytesToBase64(new Uint8Array(300))]) {
      await expect(h.app.identity.keys.open(path, junk)).rejects.toMatchObject({ statusCode: 400 });
    }
  });

  it('keeps the key pair in the database across restarts', async () => {
    const before = await h.client().call(publicKeyEndpoint);
    const restarted = createKeyStore(h.testDb.db, h.clock.now);
    expect(await restarted.current()).toEqual(before);
    const rows = await h.testDb.db.select().from(rsaKeys);
    expect(rows).toHaveLength(1);
  });

  it('rotates keys: the old key works for a day, then clients refetch and retry', async () => {
    // Its own server and database: the rotation adds a key pair and the day passes on its clock.
    const h = await createHarness();
    onTestFinished(() => h.close());
    const c = h.client();
    const sealer = createSealer(c.call);
    const old = await c.call(publicKeyEndpoint);
    const sealedOld = await sealPayload(await importPublicKey(old), path, { x: 1 });
    await sealer.call(loginEndpoint, { type: 'username', username: 'nobody', password: 'x' }).catch(() => {}); // caches the key
    const fresh = await h.app.identity.keys.rotate();
    expect(fresh.keyId).not.toBe(old.keyId);
    await expect(c.call(publicKeyEndpoint)).resolves.toEqual(fresh);
    await expect(h.app.identity.keys.open(path, sealedOld.value)).resolves.toEqual({ x: 1 });
    h.clock.advance(25 * 3_600_000);
    await expect(h.app.identity.keys.open(path, sealedOld.value)).rejects.toMatchObject({ errorCode: 'crypto.key.unknown' });
    // The sealer still holds the old key: the server says so, it refetches and the call goes through.
    const error = await failureOf(sealer.call(loginEndpoint, { type: 'username', username: 'nobody2', password: 'x' }));
    expect(error.errorCode).toBe('login.failed');
  });

  it('answers 4xx to plaintext, unencrypted and broken bodies', async () => {
    const cases: { payload: unknown; headers?: Record<string, string> }[] = [
      { payload: { username: 'player1' } },
      { payload: { value: 'AAAA' } },
      { payload: { value: 'AAAA' }, headers: { encryption: 'RSA' } },
      { payload: { value: 'x'.repeat(70_000) }, headers: { encryption: 'RSA' } },
      { payload: 'value=abc', headers: { encryption: 'RSA', 'content-type': 'application/x-www-form-urlencoded' } },
    ];
    for (const options of cases) {
      const res = await rawCall(h.app, loginEndpoint, options);
      expect(res.status, JSON.stringify(options).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    const key = await importPublicKey(await h.client().call(publicKeyEndpoint));
    const wrongShape = await sealPayload(key, path, { type: 'magic', username: 1 });
    const res = await rawCall(h.app, loginEndpoint, { payload: wrongShape, headers: { encryption: 'RSA' } });
    expect(res).toMatchObject({ status: 400, errorCode: 'request.invalid' });
    const nul = await sealPayload(key, path, { type: 'username', username: 'a\u0000b', password: 'x' });
    expect(await rawCall(h.app, loginEndpoint, { payload: nul, headers: { encryption: 'RSA' } })).toMatchObject({ status: 400 });
  });
});
