/**
 * The captcha picture: 6 digits a person reads at phone size and a simple
 * program does not (docs/security.md, "Captcha"). Pure SVG, no native canvas.
 *
 * - Varying glyphs: each digit is one of several hand-drawn shapes, stroked
 *   with its own width and colour, turned, scaled and shifted at random.
 * - Distortion: every point of the picture goes through one random smooth
 *   warp (two sine waves per axis) in absolute coordinates, so no transform
 *   attribute can be undone and no two pictures share geometry.
 * - Noise in the same style: the digit strokes are cut into short pieces and
 *   shuffled among pieces of scribbles drawn like them (same kind of element,
 *   overlapping widths and colours, round caps everywhere), under and over
 *   lighter curves and dots. Neither the order, nor the attributes, nor the
 *   shape of a piece tells a digit from noise.
 *
 * `server/test/captcha-reader.ts` holds the readers a test measures against it.
 */
import { randomInt } from 'node:crypto';

type Point = [number, number];
type Stroke = Point[];

/**
 * Each digit as polylines on a 10 x 16 grid, in several shapes (the first is
 * the plain one). Shapes differ as handwriting does, never so far as to look
 * like another digit.
 */
export const glyphVariants: Record<string, Stroke[][]> = {
  '0': [
    [[[5, 1], [8, 3], [9, 8], [8, 13], [5, 15], [2, 13], [1, 8], [2, 3], [5, 1]]],
    [[[4, 1], [7, 1], [9, 5], [9, 11], [7, 15], [3, 15], [1, 11], [1, 5], [4, 1]]],
  ],
  '1': [
    [[[2, 4], [6, 1], [6, 15]], [[3, 15], [9, 15]]],
    [[[3, 3], [6, 1], [6, 15]]],
    [[[5, 1], [5, 15]], [[2, 4], [5, 1]]],
  ],
  '2': [
    [[[1, 4], [3, 1], [7, 1], [9, 4], [8, 7], [1, 15], [9, 15]]],
    [[[1, 3], [4, 1], [8, 2], [8, 6], [2, 13], [1, 15], [9, 14]]],
  ],
  '3': [
    [[[1, 3], [3, 1], [7, 1], [8, 4], [5, 7], [8, 9], [9, 12], [7, 15], [3, 15], [1, 13]]],
    [[[1, 1], [8, 1], [4, 7], [7, 8], [9, 11], [8, 14], [5, 15], [1, 14]]],
  ],
  '4': [
    [[[7, 15], [7, 1], [1, 10], [9, 10]]],
    [[[2, 1], [2, 9], [9, 9]], [[7, 5], [7, 15]]],
  ],
  '5': [
    [[[9, 1], [2, 1], [1, 7], [6, 6], [9, 9], [8, 14], [4, 15], [1, 13]]],
    [[[8, 1], [2, 1], [2, 7], [7, 7], [9, 10], [8, 14], [5, 15], [1, 14]]],
  ],
  '6': [
    [[[8, 1], [4, 3], [1, 9], [2, 14], [5, 15], [8, 13], [9, 10], [6, 8], [2, 9]]],
    [[[7, 1], [2, 7], [1, 12], [3, 15], [7, 15], [9, 12], [7, 9], [3, 9], [1, 11]]],
  ],
  '7': [
    [[[1, 1], [9, 1], [4, 15]], [[3, 8], [8, 8]]],
    [[[1, 2], [9, 1], [5, 9], [4, 15]]],
  ],
  '8': [
    [[[5, 8], [2, 5], [3, 2], [5, 1], [7, 2], [8, 5], [5, 8], [1, 11], [2, 14], [5, 15], [8, 14], [9, 11], [5, 8]]],
    [[[5, 1], [2, 3], [2, 6], [8, 10], [8, 14], [5, 15], [2, 14], [2, 10], [8, 6], [8, 3], [5, 1]]],
  ],
  '9': [
    [[[8, 7], [4, 8], [1, 5], [3, 1], [7, 1], [9, 4], [8, 10], [5, 15], [2, 14]]],
    [[[9, 5], [7, 8], [3, 8], [1, 5], [3, 1], [7, 1], [9, 4], [9, 15]]],
  ],
};

export const captchaWidth = 180;
export const captchaHeight = 60;

/** A source of uniform numbers in [0, 1): the CSPRNG, or a seeded one in the test that measures readers. */
export type RandomSource = () => number;
export const cryptoRandom: RandomSource = () => randomInt(0, 2 ** 40) / 2 ** 40;

/** The source of the picture being drawn (drawing is synchronous, so one at a time). */
let source: RandomSource = cryptoRandom;

/** Uniform in [min, max). */
function rand(min: number, max: number): number {
  return min + source() * (max - min);
}

/** An integer in [min, max). */
function randInt(min: number, max: number): number {
  return min + Math.floor(source() * (max - min));
}

const fixed = (n: number) => (Math.round(n * 10) / 10).toString();

function color(minLight: number, maxLight: number): string {
  return `hsl(${randInt(0, 360)},${randInt(35, 75)}%,${randInt(minLight, maxLight)}%)`;
}

/** Points along a polyline, about `step` apart, keeping the corners. */
function densify(stroke: Stroke, step: number): Stroke {
  const out: Stroke = [];
  for (let i = 0; i + 1 < stroke.length; i++) {
    const [x0, y0] = stroke[i]!;
    const [x1, y1] = stroke[i + 1]!;
    const n = Math.max(1, Math.ceil(Math.hypot(x1 - x0, y1 - y0) / step));
    for (let k = 0; k < n; k++) out.push([x0 + ((x1 - x0) * k) / n, y0 + ((y1 - y0) * k) / n]);
  }
  out.push(stroke[stroke.length - 1]!);
  return out;
}

/** One random smooth warp of the whole picture. */
function randomWarp(): (p: Point) => Point {
  const wave = (a: [number, number], f: [number, number]) => ({
    ax: rand(...a),
    fx: rand(...f),
    px: rand(0, Math.PI * 2),
    ay: rand(a[0] * 0.8, a[1] * 0.8),
    fy: rand(...f),
    py: rand(0, Math.PI * 2),
  });
  // Two broad waves bend the line of digits; a short one wobbles each stroke.
  const waves = [wave([2, 4.5], [0.03, 0.07]), wave([2, 4], [0.04, 0.09]), wave([0.6, 1.1], [0.15, 0.25])];
  return ([x, y]) => [
    x + waves.reduce((s, w) => s + w.ax * Math.sin(w.fy * y + w.py), 0),
    y + waves.reduce((s, w) => s + w.ay * Math.sin(w.fx * x + w.px), 0),
  ];
}

interface Piece {
  points: Stroke;
  width: number;
  color: string;
}

/** Cuts a stroke into pieces of 2 to 5 points that share their ends, so it still reads as one line. */
function cut(stroke: Stroke, width: number, colour: string): Piece[] {
  const pieces: Piece[] = [];
  let i = 0;
  while (i < stroke.length - 1) {
    const next = Math.min(stroke.length - 1, i + randInt(1, 5));
    pieces.push({ points: stroke.slice(i, next + 1), width: width * rand(0.9, 1.1), color: colour });
    i = next;
  }
  return pieces;
}

/** Where each digit sits: random gaps, so the places are not known in advance. */
function digitCentres(count: number): number[] {
  const gaps = Array.from({ length: count - 1 }, () => rand(23, 29));
  const span = gaps.reduce((a, b) => a + b, 0);
  let x = rand(17, Math.max(17, captchaWidth - 17 - span));
  return [x, ...gaps.map((gap) => (x += gap))];
}

/** Strokes of a glyph placed in the picture (before the warp): turned, scaled, slanted, jittered. */
function placeGlyph(strokes: Stroke[], cx: number, cy: number): Stroke[] {
  const sx = rand(2.1, 2.8);
  const sy = sx * rand(0.82, 1.12);
  const angle = (rand(-20, 20) * Math.PI) / 180;
  const slant = rand(-0.35, 0.35);
  // A bend: the glyph's middle pushed sideways, its ends not.
  const bend = rand(-1.1, 1.1);
  const jitter = () => rand(-0.5, 0.5);
  return strokes.map((stroke) =>
    densify(stroke, 1.4).map(([gx, gy]) => {
      const x = (gx - 5 + jitter() + slant * (8 - gy) + bend * (1 - ((gy - 8) / 8) ** 2)) * sx;
      const y = (gy - 8 + jitter()) * sy;
      return [cx + x * Math.cos(angle) - y * Math.sin(angle), cy + x * Math.sin(angle) + y * Math.cos(angle)] as Point;
    }),
  );
}

function glyphOf(digit: string): Stroke[] {
  const variants = glyphVariants[digit];
  if (!variants) throw new Error(`no glyph for ${digit}`);
  return variants[randInt(0, variants.length)]!;
}

/** A scribble drawn like a digit stroke: a short bent curve somewhere in the picture. */
function scribble(): Stroke {
  const points: Stroke = [];
  let x = rand(0, captchaWidth);
  let y = rand(6, captchaHeight - 6);
  let heading = rand(0, Math.PI * 2);
  const steps = randInt(4, 10);
  for (let i = 0; i < steps; i++) {
    points.push([x, y]);
    heading += rand(-0.7, 0.7);
    x += Math.cos(heading) * 3;
    y += Math.sin(heading) * 3;
  }
  return points;
}

function pathOf(piece: Piece, warp: (p: Point) => Point): string {
  const d = piece.points.map((p, i) => {
    const [x, y] = warp(p);
    return `${i === 0 ? 'M' : 'L'}${fixed(x)} ${fixed(y)}`;
  });
  return `<path d="${d.join('')}" stroke="${piece.color}" stroke-width="${fixed(piece.width)}" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`;
}

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randInt(0, i + 1);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

export function captchaSvg(digits: string, random: RandomSource = cryptoRandom): string {
  source = random;
  try {
    return draw(digits);
  } finally {
    source = cryptoRandom;
  }
}

function draw(digits: string): string {
  const warp = randomWarp();
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${captchaWidth}" height="${captchaHeight}" viewBox="0 0 ${captchaWidth} ${captchaHeight}">`,
    `<rect width="100%" height="100%" fill="${color(88, 97)}"/>`,
  ];
  // Light background: blotches and long curves.
  for (let i = 0; i < 6; i++) {
    parts.push(`<circle cx="${fixed(rand(0, captchaWidth))}" cy="${fixed(rand(0, captchaHeight))}" r="${fixed(rand(6, 16))}" fill="${color(78, 92)}"/>`);
  }
  for (let i = 0; i < 4; i++) {
    const p = () => `${fixed(rand(0, captchaWidth))},${fixed(rand(0, captchaHeight))}`;
    parts.push(`<path d="M${p()} C${p()} ${p()} ${p()}" stroke="${color(60, 80)}" stroke-width="${fixed(rand(0.8, 1.8))}" fill="none"/>`);
  }
  // Digits and scribbles, cut into pieces of one style and shuffled together.
  const pieces: Piece[] = [];
  const centres = digitCentres(digits.length);
  [...digits].forEach((digit, index) => {
    const colour = color(12, 38);
    const width = rand(1.9, 2.8);
    for (const stroke of placeGlyph(glyphOf(digit), centres[index]!, 30 + rand(-6, 6))) {
      // About one piece in twelve is left out: a person fills the gap, a shape matcher loses it.
      pieces.push(...cut(stroke, width, colour).filter(() => rand(0, 1) > 0.08));
    }
  });
  for (let i = 0; i < 5; i++) pieces.push(...cut(scribble(), rand(1.2, 2.2), color(12, 45)));
  for (const piece of shuffle(pieces)) parts.push(pathOf(piece, warp));
  // Dots over everything.
  for (let i = 0; i < 40; i++) {
    parts.push(`<circle cx="${fixed(rand(0, captchaWidth))}" cy="${fixed(rand(0, captchaHeight))}" r="${fixed(rand(0.5, 1.5))}" fill="${color(25, 70)}"/>`);
  }
  parts.push('</svg>');
  return parts.join('');
}

export function captchaDataUrl(digits: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(captchaSvg(digits), 'utf8').toString('base64')}`;
}
