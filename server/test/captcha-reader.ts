/**
 * Programs that try to read the captcha (server/modules/verification/captcha-image.ts),
 * for the test that measures how often they succeed (at most 1 in 10):
 *
 * - `readByKnownStrokes`: the end-to-end suites' former helper, kept as it
 *   was: it took the round-capped digit paths with their transform and
 *   matched their points against the server's own drawing of 0-9. It read 9
 *   of 9 login captchas of the former picture.
 * - `readByTemplates`: a reader that knows the generator: every glyph shape,
 *   the layout and the range of sizes and turns. For each of the six places it
 *   tries every shape of every digit over a grid of sizes, turns and shifts
 *   and keeps the one whose points lie nearest to the picture's strokes
 *   (chamfer distance over a distance map of all stroke points).
 */
import { captchaHeight, captchaSvg, captchaWidth, glyphVariants } from '../modules/verification/captcha-image.ts';

type Point = [number, number];
type Stroke = Point[];

const svgOf = (dataUrl: string) => Buffer.from(dataUrl.replace(/^data:image\/svg\+xml;base64,/, ''), 'base64').toString('utf8');

// ------------------------------------------------------------ the former helper

/** The digit strokes of a captcha SVG, in drawing order (the former digit paths were the round-capped ones with a transform). */
function transformedStrokes(svg: string): Stroke[][] {
  const paths = [...svg.matchAll(/<path transform="[^"]*" d="([^"]+)"[^>]*stroke-linecap="round"/g)];
  return paths.map(([, d]) =>
    d!
      .split('M')
      .filter((part) => part.trim())
      .map((part) => {
        const numbers = part.replace(/L/g, ' ').trim().split(/\s+/).map(Number);
        const points: Stroke = [];
        for (let i = 0; i + 1 < numbers.length; i += 2) points.push([numbers[i]!, numbers[i + 1]!]);
        return points;
      }),
  );
}

const references: Array<{ digit: string; strokes: Stroke[] }> = (() => {
  const digits = '0123456789';
  const strokes = transformedStrokes(captchaSvg(digits));
  return [...digits].map((digit, i) => ({ digit, strokes: strokes[i] ?? [] }));
})();

function strokeDistance(a: Stroke[], b: Stroke[]): number {
  if (a.length !== b.length || a.some((s, i) => s.length !== b[i]!.length)) return Number.POSITIVE_INFINITY;
  let sum = 0;
  a.forEach((stroke, i) => {
    stroke.forEach(([x, y], j) => {
      const [rx, ry] = b[i]![j]!;
      sum += (x - rx) ** 2 + (y - ry) ** 2;
    });
  });
  return sum;
}

/** The former e2e helper, unchanged in what it does: '' when it finds no digit paths. */
export function readByKnownStrokes(dataUrl: string): string {
  return transformedStrokes(svgOf(dataUrl))
    .map((strokes) => references.reduce((best, ref) => (strokeDistance(strokes, ref.strokes) < strokeDistance(strokes, best.strokes) ? ref : best)).digit)
    .join('');
}

// ------------------------------------------------------------ a reader that knows the generator

/** Every point of every stroked path (`M x y L x y ...`). */
function strokePoints(svg: string): Point[] {
  const points: Point[] = [];
  for (const [, d] of svg.matchAll(/<path d="(M[^"]+)"[^>]*stroke-linecap="round"/g)) {
    const numbers = d!.replace(/[ML]/g, ' ').trim().split(/\s+/).map(Number);
    for (let i = 0; i + 1 < numbers.length; i += 2) points.push([numbers[i]!, numbers[i + 1]!]);
  }
  return points;
}

/** Distance from each pixel to the nearest stroke point (points densified along their pieces first). */
function distanceMap(points: Point[]): Float32Array {
  const map = new Float32Array(captchaWidth * captchaHeight).fill(1e9);
  for (const [px, py] of points) {
    const x0 = Math.max(0, Math.floor(px - 12));
    const x1 = Math.min(captchaWidth - 1, Math.ceil(px + 12));
    const y0 = Math.max(0, Math.floor(py - 12));
    const y1 = Math.min(captchaHeight - 1, Math.ceil(py + 12));
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const d = Math.hypot(x - px, y - py);
        const i = y * captchaWidth + x;
        if (d < map[i]!) map[i] = d;
      }
    }
  }
  return map;
}

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

/** Template points of every shape of every digit, centred on the glyph grid's middle. */
const templates: Array<{ digit: string; points: Point[] }> = Object.entries(glyphVariants).flatMap(([digit, variants]) =>
  variants.map((strokes) => ({ digit, points: strokes.flatMap((s) => densify(s, 0.8)).map(([x, y]) => [x - 5, y - 8] as Point) })),
);

const scales = [2.1, 2.4, 2.7];
const angles = [-20, -10, 0, 10, 20].map((a) => (a * Math.PI) / 180);

/**
 * Reads the six places left to right with the best-fitting template (one-sided
 * chamfer distance): the first digit within the generator's first range, each
 * next one a generator's gap (23 to 29) after the previous.
 */
export function readByTemplates(dataUrl: string): string {
  const map = distanceMap(densifyPieces(svgOf(dataUrl)));
  const at = (x: number, y: number) => {
    const xi = Math.round(x);
    const yi = Math.round(y);
    if (xi < 0 || yi < 0 || xi >= captchaWidth || yi >= captchaHeight) return 20;
    return Math.min(20, map[yi * captchaWidth + xi]!);
  };
  let text = '';
  let previous: number | null = null;
  for (let place = 0; place < 6; place++) {
    const xs: number[] = [];
    for (let x = previous === null ? 15 : previous + 23; x <= (previous === null ? 40 : previous + 29); x += 2) xs.push(x);
    let best = { digit: '?', cost: Number.POSITIVE_INFINITY, x: xs[0]! };
    for (const template of templates) {
      for (const scale of scales) {
        for (const angle of angles) {
          const cos = Math.cos(angle);
          const sin = Math.sin(angle);
          const placed = template.points.map(([x, y]) => [x * scale * cos - y * scale * sin, x * scale * sin + y * scale * cos] as Point);
          for (const cx of xs) {
            for (const dy of [-8, -4, 0, 4, 8]) {
              let cost = 0;
              for (const [x, y] of placed) cost += at(cx + x, 30 + dy + y);
              cost /= placed.length;
              if (cost < best.cost) best = { digit: template.digit, cost, x: cx };
            }
          }
        }
      }
    }
    text += best.digit;
    previous = best.x;
  }
  return text;
}

/** The stroke points with each piece filled in every pixel or so, as a picture of the strokes would be. */
function densifyPieces(svg: string): Point[] {
  const points: Point[] = [];
  for (const [, d] of svg.matchAll(/<path d="(M[^"]+)"[^>]*stroke-linecap="round"/g)) {
    const numbers = d!.replace(/[ML]/g, ' ').trim().split(/\s+/).map(Number);
    const piece: Stroke = [];
    for (let i = 0; i + 1 < numbers.length; i += 2) piece.push([numbers[i]!, numbers[i + 1]!]);
    points.push(...(piece.length > 1 ? densify(piece, 1) : piece));
  }
  return points;
}

export { strokePoints };

/** A seeded source of uniform numbers in [0, 1) (mulberry32), so a measurement replays exactly. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * The control: the same glyphs, plainly placed (no warp, turn or noise) in
 * the same kind of path elements. A reader that cannot read this would prove
 * nothing by failing on the real picture.
 */
export function plainCaptchaDataUrl(digits: string, random: () => number): string {
  const paths = [...digits].flatMap((digit, index) => {
    const variants = glyphVariants[digit]!;
    const strokes = variants[Math.floor(random() * variants.length)]!;
    return strokes.map((stroke) => {
      const d = densify(stroke, 1.4)
        .map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${(23 + index * 25 + (x - 5) * 2.4).toFixed(1)} ${(30 + (y - 8) * 2.4).toFixed(1)}`)
        .join('');
      return `<path d="${d}" stroke="#222" stroke-width="2.4" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`;
    });
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${captchaWidth}" height="${captchaHeight}">${paths.join('')}</svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
