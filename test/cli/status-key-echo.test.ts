// Issue 19, case 3 on the command line: a service that echoes the key (whole, split by a space, zero-width
// characters or line breaks, cut, in capitals) in error bodies, 401 and 5xx included, and in a schedule's name.
// `npm run status` prints no piece of it (8+ characters in a row) on stdout or stderr, in any output mode, with
// the debug log on.
import { describe, expect, it } from 'vitest';
import { schedule } from '../api/support/fixtures';
import { keyPieces } from '../api/support/key-pieces';
import { useFakeService } from './support/fake-service-runs';
import { runStatus } from './support/run-status';

const KEY = 'ocs_SECRET_CANARY_123';
const IDS = ['sch_a', 'sch_b', 'sch_c'];
const rig = useFakeService('oncall-status-echo-');

const status = (extra: string[]) => runStatus([...rig.args(IDS), ...extra], { ONCALL_API_KEY: KEY, ONCALL_DEBUG: '1' });

async function leaksIn(modes: string[][]): Promise<string[]> {
  const found: string[] = [];
  for (const mode of modes) {
    const run = await status(mode);
    for (const [stream, text] of [
      ['stdout', run.stdout],
      ['stderr', run.stderr],
    ] as const) {
      const pieces = keyPieces(text, KEY);
      if (pieces.length > 0) found.push(`${mode.join(' ') || 'plain'} ${stream}: ${pieces.join(' ')}`);
    }
  }
  return found;
}

describe('status: a service that echoes the key', () => {
  it('prints no piece of it from error bodies or a schedule name', async () => {
    rig.svc.fault('coverage', { status: 422, json: { message: 'key ocs_SECRET _CANARY_123 is not allowed' } });
    rig.svc.fault('shifts', { status: 400, text: 'key ocs_SECRET\n_CANARY\r\n_123' }, 'sch_a');
    rig.svc.fault(
      'schedule',
      { status: 409, json: { title: `KEY ${KEY.toUpperCase()}`, detail: `key ${KEY.slice(0, 12)}` } },
      'sch_b',
    );
    const named = { ...schedule(), name: `Platform ocs_SEC\u200bRET_CAN\u200dARY_123` };
    rig.svc.fault('schedule', { status: 200, json: { schedule: named } }, 'sch_c');
    expect(await leaksIn([[], ['--json'], ['--summary']])).toEqual([]);
  }, 60_000);

  it('prints no piece of it from 401 and 5xx bodies', async () => {
    rig.svc.fault('schedule', { status: 401, json: { message: `bad key ${KEY}`, key: KEY } });
    rig.svc.fault('coverage', { status: 503, text: `upstream said ${KEY}` });
    expect(await leaksIn([[], ['--json']])).toEqual([]);
  }, 60_000);
});
