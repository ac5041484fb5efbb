// A shift handed off while the phone service can't be reached (adv50 round 8, finding 3): its booked 09:03 alert
// can't be cancelled. Before, only Settings → Phone said "your phone may still ring" for 50 min, then at 09:00 it was
// told as a problem of TOMORROW's shift ("Not ready for your shift at Wed 10:00 — Phone escalation: …"), and at 09:03
// the phone rang for Alice's shift. Now it is its own statement, said at once on the tray, the tooltip, the popover
// and `status` ("Your phone may still ring at 10:03 for the Ops shift you no longer have (cancelling it hasn't gone
// through: could not connect …)"), until the cancel lands or its time passes ("may have rung … — it was no longer
// your shift"), never in the next shift's readiness. Real engine, simulator, the loopback ntfy stand-in with its
// connections refused (a closed port: a real ECONNREFUSED), fake clock.
import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { formatStatus } from '../../../electron/cli/status-format';
import { fetchSend } from '../../../electron/core/escalation/http';
import type { Engine } from '../../../electron/core/engine/types';
import { buildTrayMenu, trayTooltip } from '../../../electron/core/state/tray-menu';
import { accountIdOf } from '../../../electron/shared/accounts';
import { everyText } from '../../support/text-registry';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import {
  alertsOn,
  closeStands,
  HOUR,
  MIN,
  MY_START,
  START,
  startStand,
  TOMORROW,
  TOPIC,
} from '../support/phone-engine-rig';
import { ME, OPS_ID, opsSeed } from '../support/seeds';
import { trayLabels } from '../support/tray-labels';

afterEach(closeStands);

const ZONE = 'Europe/Berlin';
// 09:03 UTC on 10 March is 10:03 in Berlin (CET, UTC+1: summer time starts on 29 March). The Ops schedule is in UTC:
// its own time is given beside (adv47 r11 #5: local only, beside lines that gave both).
const STILL =
  /^Your phone may still ring at 10:03 \(09:03 UTC\) for the (?:[^·]+ · )?Ops shift you no longer have \(cancelling it hasn't gone through: could not connect/;
const RANG =
  /^Your phone may have rung at 10:03 \(09:03 UTC\) for the (?:[^·]+ · )?Ops shift — it was no longer your shift$/;

/** A port nothing listens on: a request to it is refused by the OS. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  await new Promise<void>((done) => server.close(() => done()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

async function rig() {
  const h = await createHarness({ startMs: START, seed: opsSeed, files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
  const s = await startStand(h);
  const refused = `http://127.0.0.1:${await closedPort()}`;
  const net = { down: false };
  const make = (): Engine =>
    h.engine({
      phone: {
        send: (req, t) =>
          h.clock.inFlight.track(fetchSend(net.down ? { ...req, url: req.url.replace(s.url, refused) } : req, t)),
      },
    });
  const engine = make();
  await engine.start();
  await h.clock.advance(1_000);
  const saved = await engine.phoneIntent({
    kind: 'save',
    settings: { provider: 'ntfy', ntfyServer: s.url, afterMin: 3 },
    secrets: { ntfyTopic: TOPIC },
  });
  expect(saved.ok).toBe(true);
  await h.clock.runWhileAdvancing(engine.alarmsSettled());
  expect(s.scheduled(TOPIC).map((m) => m.deliverMs)).toEqual([MY_START + 3 * MIN, TOMORROW + 3 * MIN]);
  return { h, s, engine, net, make };
}

/** At 08:10 Alice covers my 09:00–17:00 (an override on the service), then a sync. */
async function handOff(h: Harness, engine: Engine): Promise<void> {
  await h.clock.advanceTo(MY_START - 50 * MIN);
  h.sim.state.addOverride(
    OPS_ID,
    { startMs: MY_START, endMs: MY_START + 8 * HOUR, userIds: ['usr_alice'] },
    h.clock.now(),
  );
  await h.clock.runWhileAdvancing(engine.handlers['sync:refresh'](null));
  await h.clock.runWhileAdvancing(engine.alarmsSettled());
}

/** Every surface that states it, each as its own text. */
function surfaces(h: Harness, engine: Engine) {
  const state = engine.getState();
  const nowMs = h.clock.now();
  const said = everyText({ state, nowMs, localZone: ZONE });
  const of = (surface: string) =>
    said
      .filter((t) => t.surface === surface)
      .map((t) => t.text)
      .join('\n');
  return {
    tray: trayLabels(buildTrayMenu(state, nowMs, ZONE)),
    tooltip: trayTooltip(state, nowMs, ZONE).split('\n'),
    status: formatStatus(state, { nowMs, localZone: ZONE }).split('\n'),
    registry: { tray: of('tray-menu'), tooltip: of('tray-tooltip'), popover: of('popover'), status: of('status') },
    readiness: (state.me.readiness?.checks ?? []).map((c) => c.message),
  };
}

function expectSaid(x: ReturnType<typeof surfaces>, line: RegExp): void {
  expect(x.tray.filter((l) => line.test(l))).toHaveLength(1);
  expect(x.tooltip.filter((l) => line.test(l))).toHaveLength(1);
  expect(x.status.filter((l) => line.test(l))).toHaveLength(1);
  for (const text of Object.values(x.registry).filter((t) => t !== ''))
    expect(text.split('\n').some((l) => line.test(l))).toBe(true);
  expect(x.registry.popover.split('\n').some((l) => line.test(l))).toBe(true);
  expect(x.readiness.join('\n')).not.toMatch(/may still ring|may have rung/);
}

const nowhere = (x: ReturnType<typeof surfaces>): string =>
  [...x.tray, ...x.tooltip, ...x.status, ...Object.values(x.registry)].join('\n');

describe('a shift handed off while the phone service refuses connections', () => {
  it('said at once on every surface, gone when the cancel lands; the phone stays quiet', async () => {
    const { h, s, engine, net } = await rig();
    await h.clock.advanceTo(MY_START - HOUR);
    net.down = true;
    await handOff(h, engine);
    expectSaid(surfaces(h, engine), STILL);
    // Still said (not yet passed) just before 09:00, and not told as tomorrow's readiness problem at 09:00.
    await h.clock.advanceTo(MY_START - 5 * MIN);
    expectSaid(surfaces(h, engine), STILL);
    net.down = false;
    await h.clock.advance(90_000);
    expect(s.scheduled(TOPIC).map((m) => m.deliverMs)).toEqual([TOMORROW + 3 * MIN]);
    expect(nowhere(surfaces(h, engine))).not.toMatch(/may still ring|may have rung/);
    await h.clock.advanceTo(MY_START + 10 * MIN);
    expect(alertsOn(s, TOPIC)).toEqual([]);
    expect(h.notifier.shown.map((n) => `${n.title} ${n.body}`).join('\n')).not.toMatch(/may still ring/);
    await engine.stop();
  }, 30_000);

  it('the cancel never lands before 09:03: "may have rung … it was no longer your shift", never tomorrow’s problem', async () => {
    const { h, s, engine, net } = await rig();
    await h.clock.advanceTo(MY_START - HOUR);
    net.down = true;
    await handOff(h, engine);
    expectSaid(surfaces(h, engine), STILL);
    // Within a look of its time (each look waits for its refused cancel, tried with backoff: a few seconds).
    await h.clock.advanceTo(MY_START + 3 * MIN + 15_000);
    await h.clock.runWhileAdvancing(engine.alarmsSettled());
    // The stand-in delivers what it holds: the phone rang, and the app says it may have.
    expect(alertsOn(s, TOPIC).map((m) => m.deliverMs)).toEqual([MY_START + 3 * MIN]);
    expectSaid(surfaces(h, engine), RANG);
    expect(nowhere(surfaces(h, engine))).not.toMatch(/may still ring at 10:03/);
    // No readiness notification tells it as a problem of the next shift.
    expect(h.notifier.shown.map((n) => `${n.title} ${n.body}`).join('\n')).not.toMatch(/may still ring/);
    net.down = false;
    await h.clock.advanceTo(MY_START + 2 * HOUR);
    expect(nowhere(surfaces(h, engine))).not.toMatch(/may have rung/);
    await engine.stop();
  }, 30_000);

  it('with two accounts the line names the account', async () => {
    const r = await rig();
    const { h, net } = r;
    const f = JSON.parse((await h.files.read('settings.json')) ?? '{}') as { accounts: Record<string, unknown>[] };
    f.accounts = [f.accounts[0]!, { ...f.accounts[0], id: 'work', label: 'Work' }];
    await h.files.writeAtomic('settings.json', JSON.stringify(f));
    await r.engine.stop();
    const engine = r.make();
    await engine.start();
    await h.clock.runWhileAdvancing(engine.handlers['key:set']({ accountId: accountIdOf('work'), key: h.sim.apiKey }));
    await h.clock.runWhileAdvancing(engine.handlers['sync:refresh'](null));
    await h.clock.runWhileAdvancing(engine.alarmsSettled());
    await h.clock.advanceTo(MY_START - HOUR);
    net.down = true;
    await handOff(h, engine);
    const x = surfaces(h, engine);
    const named = x.tray.filter((l) => STILL.test(l));
    expect(named).toHaveLength(1);
    expect(named[0]).toMatch(/for the Work · Ops shift|for the \S+ · Ops shift/);
    expectSaid(x, STILL);
    await engine.stop();
  }, 30_000);

  it('muted instead (the shift still mine): said as muted, never as a shift I no longer have', async () => {
    const { h, engine, net } = await rig();
    await h.clock.advanceTo(MY_START - HOUR);
    net.down = true;
    const id = engine.getState().settings.accounts[0]!.id;
    await h.clock.runWhileAdvancing(engine.handlers['settings:update']({ account: { id, muted: true } }));
    await h.clock.advance(30_000);
    const x = surfaces(h, engine);
    expect(nowhere(x)).not.toMatch(/you no longer have/);
    expectSaid(
      x,
      /^Your phone may still ring at 10:03 \(09:03 UTC\) for the Ops shift whose reminders are muted or paused \(/,
    );
    await engine.stop();
  }, 30_000);
});
