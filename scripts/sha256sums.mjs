// Writes DIR/SHA256SUMS.txt: one "<sha-256 hex>  <file name>" line per file in DIR (sorted; the sums file itself
// left out), the format `sha256sum -c` and `shasum -a 256 -c` check. The release workflow runs it over the installers
// it attaches to a draft release. Usage: node scripts/sha256sums.mjs DIR
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const SUMS = 'SHA256SUMS.txt';

async function sha256(path) {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk);
  return hash.digest('hex');
}

const dir = process.argv[2];
if (!dir) {
  console.error('usage: node scripts/sha256sums.mjs DIR');
  process.exit(2);
}
const files = (await readdir(dir, { withFileTypes: true }))
  .filter((e) => e.isFile() && e.name !== SUMS)
  .map((e) => e.name)
  .sort();
if (files.length === 0) {
  console.error(`sha256sums: no files in ${dir}`);
  process.exit(1);
}
const lines = [];
for (const name of files) lines.push(`${await sha256(join(dir, name))}  ${name}`);
await writeFile(join(dir, SUMS), `${lines.join('\n')}\n`);
console.log(`${SUMS}: ${files.length} file${files.length === 1 ? '' : 's'} in ${dir}`);
