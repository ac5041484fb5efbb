// An exit code is never left unexplained: `status --ics` and `status --summary` print only the calendar or the
// hand-off text, which carry no "Sync:" line, so a run that exits 4 (a source that failed) says why on stderr, naming
// the source; a whole run says nothing there.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useFakeService } from './support/fake-service-runs';
import { runStatus } from './support/run-status';

const KEY = 'ocs_cli_exit_said_key';
const IDS = ['sch_a', 'sch_b'];
const rig = useFakeService('oncall-status-exit-said-');
// Each run its own data folder: the calendar's record names the service it was made for (a new port each test).
const status = async (extra: string[]) =>
  runStatus([...rig.args(IDS, await mkdtemp(join(tmpdir(), 'oncall-exit-said-'))), ...extra], { ONCALL_API_KEY: KEY });

describe.each([['--ics'], ['--summary']])('status %s', (flag) => {
  it('exits 4 with the failing source named on stderr when a schedule could not be read', async () => {
    rig.svc.fault('shifts', { status: 503, json: { message: 'down' } }, 'sch_b');
    const run = await status([flag]);
    expect(run.code).toBe(4);
    expect(run.stderr).toMatch(/^status: Sync: /m);
    expect(run.stderr).toMatch(/^status: Schedule sch_b \[sch_b\].*— (?!fresh)/m);
    expect(run.stderr).not.toMatch(/\[sch_a\]/);
  });

  it('says nothing on stderr when every source was read', async () => {
    const run = await status([flag]);
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
  });
});
