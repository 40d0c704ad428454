/**
 * Writes the demo stream of the live rooms, server/modules/live/static/demo.webm
 * (docs/live.md): a 6-second 480x270 VP8 clip of a moving pattern, recorded
 * from a canvas by the browser's MediaRecorder in headless Chromium. The
 * committed file is what it wrote; run it again to make a new one:
 *   node scripts/live-demo-video.mjs
 */
import { chromium } from '@playwright/test';
import { writeFileSync } from 'node:fs';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage();
await page.setContent('<canvas id="c" width="480" height="270"></canvas>');
const b64 = await page.evaluate(async () => {
  const canvas = document.getElementById('c');
  const ctx = canvas.getContext('2d');
  const stream = canvas.captureStream(24);
  const rec = new MediaRecorder(stream, { mimeType: 'video/webm;codecs=vp8', videoBitsPerSecond: 400_000 });
  const chunks = [];
  rec.ondataavailable = (e) => chunks.push(e.data);
  const start = performance.now();
  let raf;
  const draw = () => {
    const t = (performance.now() - start) / 1000;
    const g = ctx.createLinearGradient(0, 0, 480, 270);
    g.addColorStop(0, `hsl(${(t * 40) % 360}, 60%, 25%)`);
    g.addColorStop(1, `hsl(${(t * 40 + 120) % 360}, 60%, 15%)`);
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, 480, 270);
    for (let i = 0; i < 12; i++) {
      const a = t * 1.2 + (i * Math.PI) / 6;
      ctx.beginPath();
      ctx.arc(240 + Math.cos(a) * 90, 135 + Math.sin(a) * 60, 10 + 6 * Math.sin(t * 3 + i), 0, Math.PI * 2);
      ctx.fillStyle = `hsla(${i * 30}, 80%, 60%, 0.9)`;
      ctx.fill();
    }
    ctx.fillStyle = '#ff3b3b';
    ctx.beginPath();
    ctx.arc(30, 28, 8, 0, Math.PI * 2);
    ctx.fill();
    raf = requestAnimationFrame(draw);
  };
  draw();
  rec.start(250);
  await new Promise((r) => setTimeout(r, 6000));
  rec.stop();
  await new Promise((r) => (rec.onstop = r));
  cancelAnimationFrame(raf);
  const blob = new Blob(chunks, { type: 'video/webm' });
  const buf = new Uint8Array(await blob.arrayBuffer());
  let s = '';
  for (let i = 0; i < buf.length; i++) s += String.fromCharCode(buf[i]);
  return btoa(s);
});
writeFileSync(new URL('../server/modules/live/static/demo.webm', import.meta.url), Buffer.from(b64, 'base64'));
await browser.close();
console.log('wrote server/modules/live/static/demo.webm,', Buffer.from(b64, 'base64').length, 'bytes');
