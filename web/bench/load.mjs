// How long the web page takes to be ready to use on a slower device: headless Chromium
// (Debian's, driven by Playwright) with its processor slowed down by CPU_SLOWDOWN
// (default 4, as Chromium's own "mid-tier phone" setting) and, over HTTP, a network of
// DOWN_MBPS megabits a second down (default 9) and LATENCY_MS milliseconds of round trip
// (default 150): a phone on a fair 4G link. The page is served by a server on 127.0.0.1
// that gzips what it sends, as a static host does, and opened from the folder too
// (file://: nothing sent). Prints the median and range of RUNS loads (default 7) each
// way: from opening the page to its `data-ready` mark, and the page's own count from its
// script's start. Measures; asserts nothing.
//
//   bash web/build.sh && (cd web && npm ci) && node web/bench/load.mjs [DIST...]
//
// Each DIST is a build of the page to measure (default web/dist); several are measured
// in turn, load by load, so that they share the machine's ups and downs.
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(import.meta.dirname, '../..');
const dists = (process.argv.length > 2 ? process.argv.slice(2) : [path.join(root, 'web/dist')]).map((d) => path.resolve(d));
const runs = Number(process.env.RUNS || 7);
const slowdown = Number(process.env.CPU_SLOWDOWN || 4);
const downMbps = Number(process.env.DOWN_MBPS || 9);
const latencyMs = Number(process.env.LATENCY_MS || 150);
const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

/** A server of `dist` on 127.0.0.1 that sends each file gzipped (level 6, as nginx's
 *  and Apache's defaults compress); resolves with its base URL and the bytes it sends. */
function serve(dist) {
  const files = new Map();
  let sent = 0;
  for (const name of fs.readdirSync(dist)) {
    const gzipped = zlib.gzipSync(fs.readFileSync(path.join(dist, name)), { level: 6 });
    files.set('/' + name, gzipped);
    sent += gzipped.length;
  }
  const server = http.createServer((request, response) => {
    const file = files.get(new URL(request.url, 'http://x').pathname);
    if (!file) return response.writeHead(404).end();
    const type = types[path.extname(request.url)] || 'application/octet-stream';
    response.writeHead(200, { 'Content-Type': type, 'Content-Encoding': 'gzip', 'Cache-Control': 'no-store' });
    response.end(file);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${server.address().port}/`, sent }));
  });
}

/** One load of `url` in a fresh context: (ms to ready, the page's own count in ms). */
async function load(browser, url, network) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
  if (network) {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: latencyMs,
      downloadThroughput: (downMbps * 1e6) / 8,
      uploadThroughput: (1.5e6) / 8,
    });
  }
  const started = Date.now();
  await page.goto(url + (url.startsWith('file:') ? '' : 'index.html'));
  await page.waitForSelector('body[data-ready]', { timeout: 120000 });
  const ready = Date.now() - started;
  const own = Number(await page.getAttribute('body', 'data-ready'));
  await context.close();
  return [ready, own];
}

const summary = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return `median ${s[Math.floor(s.length / 2)]} ms (${s[0]}–${s[s.length - 1]})`;
};

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
const servers = await Promise.all(dists.map(serve));
const results = dists.map(() => ({ http: [], httpOwn: [], file: [], fileOwn: [] }));
for (let run = 0; run < runs; run++) {
  for (const [i, dist] of dists.entries()) {
    const [httpReady, httpOwn] = await load(browser, servers[i].url, true);
    const [fileReady, fileOwn] = await load(browser, 'file://' + path.join(dist, 'index.html'), false);
    results[i].http.push(httpReady);
    results[i].httpOwn.push(httpOwn);
    results[i].file.push(fileReady);
    results[i].fileOwn.push(fileOwn);
  }
}
await browser.close();
for (const s of servers) s.server.close();

console.log(`load: ${runs} loads each, processor ${slowdown}x slower, ${downMbps} Mbit/s down and ${latencyMs} ms round trip over HTTP`);
for (const [i, dist] of dists.entries()) {
  const r = results[i];
  console.log(`${path.relative(process.cwd(), dist) || '.'}: ${(servers[i].sent / 1e6).toFixed(2)} MB sent gzipped`);
  console.log(`  over HTTP:  ready ${summary(r.http)}; the page's own count ${summary(r.httpOwn)}`);
  console.log(`  from file:  ready ${summary(r.file)}; the page's own count ${summary(r.fileOwn)}`);
}
