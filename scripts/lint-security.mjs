// `npm run lint:security`: runs @doyensec/electronegativity over the project and fails on any finding above LOW,
// except the manual-review findings listed in REVIEWED, each explained in a comment next to its code. A new
// occurrence anywhere else (another openExternal call, another preload) fails until it is reviewed too.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const RANK = { INFORMATIONAL: 0, LOW: 1, MEDIUM: 2, HIGH: 3, CRITICAL: 4 };

/** Findings that only ask for a human review, reviewed: check id → file → why it is acceptable. */
const REVIEWED = {
  OPEN_EXTERNAL_JS_CHECK: {
    'electron/adapters/external.ts': 'the single openExternal choke point: https links to the service host only',
  },
  PRELOAD_JS_CHECK: {
    'electron/adapters/windows.ts': 'our preload exposes exactly the typed IPC contract (electron/preload.ts)',
  },
};

/** RFC 4180 CSV: quoted fields may hold commas, quotes ("") and newlines. */
function parseCsv(text) {
  const rows = [];
  let row = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') row.push(field), (field = '');
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field), rows.push(row), (row = []), (field = '');
    } else field += c;
  }
  if (field !== '' || row.length > 0) row.push(field), rows.push(row);
  return rows.filter((r) => r.some((f) => f.trim() !== ''));
}

function run() {
  const bin = join(dirname(createRequire(import.meta.url).resolve('@doyensec/electronegativity/package.json')), 'dist', 'index.js');
  const dir = mkdtempSync(join(tmpdir(), 'electronegativity-'));
  const csv = join(dir, 'findings.csv');
  try {
    // AVAILABLE_SECURITY_FIXES_GLOBAL_CHECK (class AvailableSecurityFixesGlobalCheck) only asks GitHub which Electron releases exist; our machines cannot
    // reach it, so it always ends in "No connectivity?" after a long wait. Dependabot-style updates cover it.
    const args = [bin, '-i', root, '-r', '-o', csv, '-v', 'false', '-x', 'AvailableSecurityFixesGlobalCheck'];
    const result = spawnSync(process.execPath, args, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`electronegativity failed (exit ${result.status}): ${result.stderr}`);
    const [header, ...rows] = parseCsv(readFileSync(csv, 'utf8'));
    const col = (name) => header.findIndex((h) => h.trim() === name);
    const [id, sev, file, loc, sample] = ['issue', 'severity', 'filename', 'location', 'sample'].map(col);
    return rows.map((r) => ({ id: r[id], severity: r[sev], file: r[file], location: r[loc], sample: r[sample] }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const findings = run();
const reviewed = (f) => REVIEWED[f.id]?.[f.file];
const failing = findings.filter((f) => (RANK[f.severity] ?? RANK.CRITICAL) > RANK.LOW && !reviewed(f));
for (const f of findings) {
  const mark = failing.includes(f) ? 'FAIL' : reviewed(f) ? 'reviewed' : 'ok';
  console.log(`${mark.padEnd(8)} ${f.severity.padEnd(13)} ${f.id} ${f.file}:${f.location}${reviewed(f) ? ` (${reviewed(f)})` : ''}`);
}
console.log(`electronegativity: ${findings.length} finding(s), ${failing.length} above LOW not reviewed`);
process.exit(failing.length > 0 ? 1 : 0);
