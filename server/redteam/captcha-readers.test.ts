/**
 * Red team: programs that read the captcha (docs/security.md, "Captcha").
 * The former picture was read by the project's own e2e helper 9 times out of
 * 9. Measured here on a fixed, seeded sample of pictures drawn exactly as the
 * server draws them (the same code, a seeded random source), so the figure
 * replays and any weakening of the picture shows: each reader must solve at
 * most 1 in 10. A control proves the stronger reader is able: it reads the
 * same glyphs when they are plainly drawn.
 */
import { describe, expect, it } from 'vitest';
import { captchaSvg } from '../modules/verification/captcha-image.ts';
import { plainCaptchaDataUrl, readByKnownStrokes, readByTemplates, seededRandom } from '../test/captcha-reader.ts';

const samples = 30;

function sample(seed: number) {
  const random = seededRandom(seed);
  return Array.from({ length: samples }, () => {
    let digits = '';
    for (let k = 0; k < 6; k++) digits += String(Math.floor(random() * 10));
    const image = `data:image/svg+xml;base64,${Buffer.from(captchaSvg(digits, random)).toString('base64')}`;
    return { digits, image, plain: plainCaptchaDataUrl(digits, random) };
  });
}

describe('captcha against reading programs', () => {
  const pictures = sample(20261125);

  it('the former e2e helper (known digit paths) solves none', () => {
    const solved = pictures.filter((p) => readByKnownStrokes(p.image) === p.digits).length;
    console.log(`[captcha] former helper: ${solved}/${samples} solved`);
    expect(solved).toBeLessThanOrEqual(samples / 10);
    expect(solved).toBe(0);
  });

  it('a reader that knows every glyph, the layout and the ranges solves at most 1 in 10, though it reads plain glyphs', () => {
    let solved = 0;
    let digitsRight = 0;
    for (const p of pictures) {
      const read = readByTemplates(p.image);
      if (read === p.digits) solved++;
      for (let k = 0; k < 6; k++) if (read[k] === p.digits[k]) digitsRight++;
    }
    const control = pictures.slice(0, 10).filter((p) => readByTemplates(p.plain) === p.digits).length;
    console.log(
      `[captcha] template reader: ${solved}/${samples} solved, ${((100 * digitsRight) / (6 * samples)).toFixed(0)} % of digits; ` +
        `plain control ${control}/10`,
    );
    expect(control).toBeGreaterThanOrEqual(8);
    expect(solved).toBeLessThanOrEqual(samples / 10);
  }, 120_000);

  it('each picture differs, even for the same digits, and carries no text element', () => {
    const a = captchaSvg('905172');
    expect(a).not.toBe(captchaSvg('905172'));
    expect(a).not.toMatch(/<text|transform=/);
  });
});
