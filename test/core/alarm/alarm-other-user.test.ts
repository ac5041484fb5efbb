// adv52 r9 #2: alarms.json said nothing of whose records it holds, so one copied in from another user's install
// (same service) was believed: its acknowledgement of a start that is mine too silenced my alarm. It is now stamped
// with each account's service address and user (as reminders.json); a file stamped for another is not used (said
// once, kept aside) and the alarm rings; a file from before stamps is taken once and stamped.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { originOf } from '../../../electron/core/storage/cache-origin';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';

const MIN = 60_000;
const ms = Date.parse;
const MY_START = ms('2026-03-10T09:00:00Z');

let open: Harness | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

/** At 09:02 the file is put in by `stampedFor`'s copy (rung at
 *  09:00, acknowledged 09:01, with a record of a run then) and the app starts again. */
async function run(stampedFor: string | undefined) {
  const h = await createHarness({ startMs: ms('2026-03-10T06:00:00Z'), seed: opsSeed, files: 'fs' });
  open = h;
  await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
  const rings: number[] = [];
  const surface = { show: () => rings.push(h.clock.now()), close: () => undefined };
  // The copy is put in before this install's first start with its record key (a run before would have read the
  // file and made the key: a hand-written entry with no MAC is then refused as the app's own, record-key.ts), as an
  // update from the version before stamps and MACs meets it.
  const base = (JSON.parse(readFileSync(join(h.dir, 'settings.json'), 'utf8')) as { accounts: { baseUrl: string }[] })
    .accounts[0]!.baseUrl;
  await h.clock.advanceTo(MY_START + 2 * MIN);
  const path = join(h.dir, 'alarms.json');
  const key = `alarm:${base}:${OPS_ID}:2026-03-10T09:00:00Z`;
  const record = { startMs: MY_START, endMs: MY_START + 8 * 60 * MIN, rungAtMs: MY_START, ackedAtMs: MY_START + MIN };
  const origins =
    stampedFor === undefined
      ? {}
      : { origins: [{ address: originOf({ baseUrl: base, email: '' }).address, email: stampedFor }] };
  writeFileSync(path, JSON.stringify({ version: 1, alarms: { [key]: record }, ...origins }));
  // The copy is as this install would have written it had it run from 09:00 to 09:01 (alarm-runs.ts); a folder
  // from before stamps has no record of its runs either.
  const runs = join(h.dir, 'alarm-runs.json');
  if (stampedFor !== undefined)
    writeFileSync(runs, JSON.stringify({ version: 1, runs: [{ fromMs: MY_START, toMs: MY_START + MIN }] }));
  const e = h.engine({ alarmSurface: surface });
  await h.clock.runWhileAdvancing(e.start(), 1000, 60);
  await h.clock.advance(30 * MIN);
  const result = {
    rings,
    notices: e
      .getState()
      .notices.filter((n) => n.id === 'alarm-records')
      .map((n) => n.message),
    kept: readdirSync(h.dir).filter((n) => n.startsWith('alarms.json.bad-')).length,
    file: JSON.parse(readFileSync(path, 'utf8')) as {
      origins?: unknown;
      alarms: Record<string, { ackedAtMs?: number }>;
    },
    key,
    address: originOf({ baseUrl: base, email: '' }).address,
  };
  await e.stop();
  return result;
}

describe('alarms.json from another user’s install', () => {
  it('another user’s acknowledgement of my start is not used: said once, kept aside, and my alarm rings (failed before)', async () => {
    const r = await run('alice@example.com');
    expect(r.rings).toEqual([MY_START + 2 * MIN]);
    expect(r.notices).toHaveLength(1);
    expect(r.notices[0]).toMatch(
      /1 entry of the shift-start alarm records was not used \(a record written for another service address or user\)/,
    );
    expect(r.kept).toBe(1);
    expect(r.file.origins).toEqual([{ address: r.address, email: ME }]);
    expect(r.file.alarms[r.key]?.ackedAtMs).toBeUndefined();
  }, 30_000);

  it('a file stamped for me is used: the acknowledgement holds, nothing rings or is said', async () => {
    const r = await run(ME);
    expect([r.rings, r.notices, r.kept]).toEqual([[], [], 0]);
  }, 30_000);

  it('a file from before stamps is taken once and stamped for me', async () => {
    const r = await run(undefined);
    expect([r.rings, r.notices, r.kept]).toEqual([[], [], 0]);
    expect(r.file.origins).toEqual([{ address: r.address, email: ME }]);
    expect(r.file.alarms[r.key]?.ackedAtMs).toBe(MY_START + MIN);
  }, 30_000);
});
