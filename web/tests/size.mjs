// The page's size: every file of web/dist/ gzipped (level 9, as a server would send
// it) adds up to no more than 1,750,000 bytes: what the page gains must be paid for.
// (Issue 47's goal was 3.5 MB, from 4.90 MB before the PDF writer was replaced and the
// fonts subset. The limit was 2,340,566 bytes, the page's weight before issue 48, then
// 2,250,000 once the fonts were read without allsorts' WOFF and WOFF2 readers; with the
// WebAssembly gzipped inside boardpress.js the page weighs 1,714,632.) Prints the files,
// largest first.
//
//   bash web/build.sh && node web/tests/size.mjs
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const LIMIT = 1750000;
const dist = path.resolve(import.meta.dirname, '../dist');
const files = fs.readdirSync(dist).map((name) => {
  const bytes = fs.readFileSync(path.join(dist, name));
  return { name, size: bytes.length, gzipped: zlib.gzipSync(bytes, { level: 9 }).length };
});
files.sort((a, b) => b.gzipped - a.gzipped);
for (const f of files) {
  console.log(`  ${f.name.padEnd(18)} ${(f.size / 1e6).toFixed(2)} MB, ${(f.gzipped / 1e6).toFixed(3)} MB gzipped`);
}
const total = files.reduce((sum, f) => sum + f.gzipped, 0);
console.log(`web page: ${(total / 1e6).toFixed(3)} MB gzipped in all (at most ${(LIMIT / 1e6).toFixed(3)} MB)`);
if (total > LIMIT) {
  console.error(`web page: ${total} bytes gzipped is over ${LIMIT}`);
  process.exit(1);
}
