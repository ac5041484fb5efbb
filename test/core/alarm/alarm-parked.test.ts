// An acknowledgement only silences (adv50 round 2): a record for a schedule not watched now — unticked, the account
// list empty, settings.json damaged — is parked across a restart, not moved aside, and used again once the schedule
// is watched again. Before, the acknowledged start rang again as "not acknowledged" and the phone was paged.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchSend, type HttpRequest } from '../../../electron/core/escalation/http';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, OPS_ID, seedOf } from '../support/seeds';
import { startStandIn, type StandIn } from '../../support/phone-standin';

const MIN = 60_000;
const START = Date.parse('2026-03-10T06:00:00Z');
const MY_START = Date.parse('2026-03-10T09:00:00Z');
const TOPIC = 'oncall-abcdefghijkmnpqrstuvwxyz23';
const spec = (id: string, name: string, users: string[]) => ({
  id,
  name,
  zone: 'Etc/UTC',
  rotationStart: '2026-03-01T01:00:00Z',
  userIds: users,
  length: { amount: 8, unit: 'hours' as const },
});
const seed = seedOf([
  spec(OPS_ID, 'Ops', ['usr_bob', 'usr_me', 'usr_alice']),
  spec('sch_db', 'Db', ['usr_bob', 'usr_alice', 'usr_me']),
]);

let open: { h: Harness; s: StandIn } | undefined;
afterEach(async () => {
  await open?.s.close();
  await open?.h.close();
  open = undefined;
});

async function rig() {
  const h = await createHarness({ startMs: START, seed, files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: [OPS_ID, 'sch_db'] });
  const s = await startStandIn(() => h.clock.now());
  open = { h, s };
  const rings: number[] = [];
  const surface = { show: () => rings.push(h.clock.now()), close: () => undefined };
  const mk = () =>
    h.engine({
      alarmSurface: surface,
      phone: {
        send: (req: HttpRequest, t: number) => h.clock.inFlight.track(fetchSend(req, t)),
        testWaitMs: 60_000,
      },
    });
  const engine = mk();
  await engine.start();
  await h.clock.advance(1_000);
  await engine.phoneIntent({
    kind: 'save',
    settings: { provider: 'ntfy', ntfyServer: s.url, afterMin: 3 },
    secrets: { ntfyTopic: TOPIC },
  } as never);
  await engine.alarmsSettled();
  await h.clock.settle();
  return { h, s, engine, mk, rings };
}

type Rig = Awaited<ReturnType<typeof rig>>;
type Engine = Rig['engine'];
const watch = (e: Engine, ids: string[]) =>
  e.handlers['settings:update']({ account: { id: 'main', schedules: ids.map((id) => ({ id })) } } as never);

/** The 09:00 Ops alarm rang and was acknowledged at 09:01. */
async function acked(r: Rig) {
  await r.h.clock.advanceTo(MY_START + MIN);
  const key = r.engine.getState().alarm?.key ?? '';
  expect(await r.engine.alarmIntent({ kind: 'ack', key } as never)).toBeTruthy();
  expect(r.rings).toEqual([MY_START]);
}

async function expectQuiet(r: Rig, e: Engine) {
  await r.h.clock.advanceTo(MY_START + 40 * MIN);
  const alerts = r.s.rang(TOPIC).filter((m) => m.deliverMs <= MY_START + 40 * MIN);
  expect(r.rings).toEqual([MY_START]);
  expect(alerts).toEqual([]);
  const kept = JSON.parse(readFileSync(join(r.h.dir, 'alarms.json'), 'utf8')) as {
    alarms: Record<string, { ackedAtMs?: number }>;
  };
  expect(Object.entries(kept.alarms).filter(([k]) => k.includes(`:${OPS_ID}:`))).toEqual([
    [expect.stringContaining('2026-03-10T09:00:00'), expect.objectContaining({ ackedAtMs: MY_START + MIN })],
  ]);
  expect(readdirSync(r.h.dir).filter((n) => /^(alarms|escalations)\.json\.bad-/.test(n))).toEqual([]);
  await e.stop();
}

describe('an acknowledged start of a schedule not watched for a while (failed before)', () => {
  it('unticked, restarted, ticked again: no second ring, no page', async () => {
    const r = await rig();
    await acked(r);
    await r.h.clock.advanceTo(MY_START + 10 * MIN);
    await watch(r.engine, ['sch_db']);
    await r.h.clock.advance(MIN);
    await r.engine.stop();
    const e2 = r.mk();
    await e2.start();
    await r.h.clock.advanceTo(MY_START + 15 * MIN);
    await watch(e2, ['sch_db', OPS_ID]);
    await expectQuiet(r, e2);
  });

  it.each(['damaged', 'no accounts'])('a restart with settings.json %s, then restored', async (mode) => {
    const r = await rig();
    await acked(r);
    await r.h.clock.advanceTo(MY_START + 2 * MIN);
    await r.engine.stop();
    const path = join(r.h.dir, 'settings.json');
    const good = readFileSync(path, 'utf8');
    const bad = mode === 'damaged' ? '{ broken' : JSON.stringify({ ...JSON.parse(good), accounts: [] });
    writeFileSync(path, bad);
    const e2 = r.mk();
    await e2.start();
    await r.h.clock.advance(MIN);
    await e2.stop();
    writeFileSync(path, good);
    await r.h.clock.advanceTo(MY_START + 5 * MIN);
    const e3 = r.mk();
    await e3.start();
    // The damaged copy of settings.json may be kept aside; the alarm and escalation records are not.
    await expectQuiet(r, e3);
  });
});
