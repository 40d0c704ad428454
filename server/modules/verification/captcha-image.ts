/**
 * The captcha picture: 6 digits drawn as jittered strokes (paths, never
 * <text>, so the digits are not in the SVG source), each turned, scaled and
 * shifted at random, under and over noise curves and dots. Pure SVG, no
 * native canvas.
 */
import { randomInt } from 'node:crypto';

/** Each digit as polylines on a 10 x 16 grid. */
const glyphs: Record<string, number[][][]> = {
  '0': [[[5, 1], [8, 3], [9, 8], [8, 13], [5, 15], [2, 13], [1, 8], [2, 3], [5, 1]]],
  '1': [[[2, 4], [6, 1], [6, 15]], [[3, 15], [9, 15]]],
  '2': [[[1, 4], [3, 1], [7, 1], [9, 4], [8, 7], [1, 15], [9, 15]]],
  '3': [[[1, 3], [3, 1], [7, 1], [8, 4], [5, 7], [8, 9], [9, 12], [7, 15], [3, 15], [1, 13]]],
  '4': [[[7, 15], [7, 1], [1, 10], [9, 10]]],
  '5': [[[9, 1], [2, 1], [1, 7], [6, 6], [9, 9], [8, 14], [4, 15], [1, 13]]],
  '6': [[[8, 1], [4, 3], [1, 9], [2, 14], [5, 15], [8, 13], [9, 10], [6, 8], [2, 9]]],
  '7': [[[1, 1], [9, 1], [4, 15]], [[3, 8], [8, 8]]],
  '8': [[[5, 8], [2, 5], [3, 2], [5, 1], [7, 2], [8, 5], [5, 8], [1, 11], [2, 14], [5, 15], [8, 14], [9, 11], [5, 8]]],
  '9': [[[8, 7], [4, 8], [1, 5], [3, 1], [7, 1], [9, 4], [8, 10], [5, 15], [2, 14]]],
};

const width = 180;
const height = 60;

/** Uniform in [min, max), two decimals. */
function rand(min: number, max: number): number {
  return Math.round((min + (randomInt(0, 1_000_000) / 1_000_000) * (max - min)) * 100) / 100;
}

function color(minLight: number, maxLight: number): string {
  return `hsl(${randomInt(0, 360)},${randomInt(40, 80)}%,${randomInt(minLight, maxLight)}%)`;
}

function noiseCurve(lightMin: number, lightMax: number): string {
  const p = () => `${rand(0, width)},${rand(0, height)}`;
  return `<path d="M${p()} C${p()} ${p()} ${p()}" stroke="${color(lightMin, lightMax)}" stroke-width="${rand(0.8, 2)}" fill="none"/>`;
}

function digitPath(digit: string, index: number): string {
  const strokes = glyphs[digit];
  if (!strokes) throw new Error(`no glyph for ${digit}`);
  const scale = rand(2.3, 2.9);
  const x = 12 + index * 27 + rand(-3, 3);
  const y = 8 + rand(-4, 6);
  const angle = rand(-18, 18);
  const d = strokes
    .map((line) =>
      line
        .map(([px, py], i) => `${i === 0 ? 'M' : 'L'}${(px! + rand(-0.45, 0.45)).toFixed(2)} ${(py! + rand(-0.45, 0.45)).toFixed(2)}`)
        .join(' '),
    )
    .join(' ');
  return (
    `<path transform="translate(${x} ${y}) rotate(${angle} 5 8) scale(${scale} ${rand(scale * 0.85, scale * 1.1)})" ` +
    `d="${d}" stroke="${color(15, 40)}" stroke-width="${rand(0.55, 0.85)}" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`
  );
}

export function captchaSvg(digits: string): string {
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<rect width="100%" height="100%" fill="${color(88, 97)}"/>`,
  ];
  for (let i = 0; i < 5; i++) parts.push(noiseCurve(55, 80));
  for (let i = 0; i < 40; i++) {
    parts.push(`<circle cx="${rand(0, width)}" cy="${rand(0, height)}" r="${rand(0.5, 1.6)}" fill="${color(30, 70)}"/>`);
  }
  [...digits].forEach((digit, index) => {
    parts.push(digitPath(digit, index));
  });
  for (let i = 0; i < 3; i++) parts.push(noiseCurve(30, 55));
  parts.push('</svg>');
  return parts.join('');
}

export function captchaDataUrl(digits: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(captchaSvg(digits), 'utf8').toString('base64')}`;
}
