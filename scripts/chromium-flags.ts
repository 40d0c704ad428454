/**
 * How every tool here starts Debian's Chromium (browser tests, screens, benchmarks): headless, with
 * no network chatter of its own, and rasterising in software.
 *
 * Debian's /usr/bin/chromium adds --enable-gpu-rasterization; with no GPU that rasterises and
 * composites through SwiftShader's emulated GL. Skia's software path does the same work for less:
 * measured on the foundation and lobby browser tests (25 tests, 2 workers), CPU time 266 s -> 228 s
 * and wall time 142 s -> 122 s, twice each.
 */
export const chromiumPath = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-gpu-rasterization',
  '--disable-gpu-compositing',
  '--disable-software-rasterizer',
];
