// `npm run lint:security`: runs @doyensec/electronegativity over the project and fails on any finding above LOW,
// except the manual-review findings listed in REVIEWED (scripts/security-review.mjs, which judges the findings), each
// explained there. A new occurrence anywhere else (another openExternal call, another preload) fails until it is
// reviewed too.
// It uses electronegativity's programmatic API: its CSV output does not escape quotes in code samples.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { failing as fails, mustRead as ours, reviewedWhy } from './security-review.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

const electronegativity = createRequire(import.meta.url)('@doyensec/electronegativity');
const { issues, errors } = await electronegativity({
  input: root,
  isRelative: true,
  // AvailableSecurityFixesGlobalCheck only asks GitHub which Electron releases exist; our machines cannot reach
  // it, so it always ends in "No connectivity?" after a long wait. Electron updates are tracked by npm instead.
  excludeFromScan: ['AvailableSecurityFixesGlobalCheck'],
});

const findings = issues.map((i) => ({
  id: i.id,
  severity: i.severity.name,
  file: i.file,
  at: `${i.location.line}:${i.location.column}`,
}));
// Reviewed findings are looked up by project path with `/` (on Windows electronegativity reports `electron\…`).
const reviewed = (f) => reviewedWhy(f, root);
const failing = findings.filter((f) => fails(f, root));
// Its parser predates some syntax (e.g. the Svelte bundle's private class fields in dist/renderer). Renderer code
// cannot reach Electron APIs, so only an unreadable file of ours under electron/ (or the preload) fails the lint.
const unreadable = errors.filter((e) => !e.tolerable);
const mustRead = (e) => ours(e.file, root);
for (const f of findings) {
  const mark = failing.includes(f) ? 'FAIL' : reviewed(f) ? 'reviewed' : 'ok';
  console.log(
    `${mark.padEnd(8)} ${f.severity.padEnd(13)} ${f.id} ${f.file}:${f.at}${reviewed(f) ? ` (${reviewed(f)})` : ''}`,
  );
}
for (const e of unreadable)
  console.log(`${mustRead(e) ? 'FAIL    ' : 'skipped '} could not parse ${e.file}: ${e.message}`);
const blocking = unreadable.filter(mustRead);
console.log(`electronegativity: ${findings.length} finding(s), ${failing.length} above LOW not reviewed`);
process.exit(failing.length > 0 || blocking.length > 0 ? 1 : 0);
