// adv52 r9 #2 (escalations.json, as alarms.json): the record said nothing of whose it is, so one copied in from
// another user's install was believed: its booking of a start that is mine too was taken as my phone's, and my phone
// was never paged. It is now stamped with each account's service address and user; entries of a file stamped for
// another are dropped and said once (the file kept aside), and a file from before stamps is taken once and stamped.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { alertIdOf } from '../../../electron/core/escalation/escalator';
import { alarmRig, KEY, MIN, T, TOPIC } from '../support/alarm-phone-rig';

const ADDRESS = 'https://oncall.example.com';
const booking = { [KEY]: { id: alertIdOf(KEY), atMs: T + 3 * MIN } };

async function run(origins: unknown) {
  const escalations = { version: 1, booked: booking, sent: {}, ...(origins === undefined ? {} : { origins }) };
  const r = await alarmRig({ escalations, watched: ['sch_ops'] });
  await r.clock.advanceTo(T + 10 * MIN);
  const rang = r.s.rang(TOPIC).map((m) => m.deliverMs);
  const names = await readdir(r.dir);
  const record = JSON.parse(await readFile(join(r.dir, 'escalations.json'), 'utf8')) as { origins?: unknown };
  await r.close();
  return {
    rang,
    notices: r.notices.map((n) => n.message),
    kept: names.filter((n) => n.startsWith('escalations.json.bad-')).length,
    origins: record.origins,
  };
}

describe('escalations.json from another user’s install', () => {
  it('another user’s booking of my start is not taken as mine: said once, kept aside, my phone is paged (failed before)', async () => {
    const r = await run([{ address: ADDRESS, email: 'alice@example.com' }]);
    expect(r.rang).toEqual([T + 3 * MIN]);
    expect(r.notices).toEqual([
      expect.stringMatching(/^1 entry .* was not used \(a record written for another service address or user\)/),
    ]);
    expect(r.kept).toBe(1);
    expect(r.origins).toEqual([{ address: ADDRESS, email: 'me@example.com' }]);
  });

  it('a file from before stamps is taken once and stamped for me', async () => {
    const r = await run(undefined);
    expect(r.notices).toEqual([]);
    expect(r.kept).toBe(0);
    expect(r.origins).toEqual([{ address: ADDRESS, email: 'me@example.com' }]);
  });
});
