// Runs `npm run lint:security` (electronegativity over the whole project) as part of the test suite, so CI fails
// on any finding above LOW that has not been reviewed.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

describe('electronegativity security lint', () => {
  it('finds nothing above LOW beyond the reviewed manual-review findings', async () => {
    // execFile rejects on a non-zero exit; the report on stdout says which finding failed.
    const { stdout } = await run(process.execPath, ['scripts/lint-security.mjs'], { cwd: process.cwd(), timeout: 60_000 }).catch(
      (error: unknown) => {
        throw new Error(`lint:security failed:\n${error instanceof Error && 'stdout' in error ? String(error.stdout) : String(error)}`);
      },
    );
    expect(stdout).toMatch(/electronegativity: \d+ finding\(s\), 0 above LOW not reviewed/);
    expect(stdout).not.toMatch(/^FAIL/m);
  }, 60_000);
});
