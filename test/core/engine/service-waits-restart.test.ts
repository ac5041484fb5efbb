// A 429's Retry-After wait, and the next try the app promised, hold across a restart (issue 47, adv47 r32 #1).
// World: two accounts (Work, Acme) over loopback simulators, fake clock from 2026-03-05 10:00Z, Berlin. From 11:05
// Acme answers every request 429 with Retry-After: 3600. Before, the restarted app sent to Acme at once and the
// tooltip started over from the new refusal; now nothing goes to Acme before the promised time and the tooltip says
// the same promise, from the saved wait, on Acme's line only. Work keeps syncing.
import { describe, expect, it } from 'vitest';
import { trayTooltip } from '../../../electron/core/state/tray-menu';
import { twoServices } from './support/two-services';

const MIN = 60_000;
const ZONE = 'Europe/Berlin';
const START = Date.parse('2026-03-05T10:00:00Z');

/** "12:06" in Berlin for an instant rounded up to the minute, by Intl (not the app's formatter). */
const berlin = (ms: number): string =>
  new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit', hour12: false }).format(
    Math.ceil(ms / MIN) * MIN,
  );

/** The instant of a Berlin "HH:MM" on this test's day (UTC+1 in March before the change). */
const instantOf = (hhmm: string): number => Date.parse(`2026-03-05T${hhmm}:00+01:00`);

describe("the on-call service's Retry-After across a restart", () => {
  it('sends nothing to the account before the promised next try and says the same promise after it', async () => {
    let clk: () => number = Date.now;
    const w = await twoServices(START, undefined, { alarms: false, client: { now: () => clk() } });
    clk = () => w.harness.clock.now();
    await w.engine.start();
    await w.harness.clock.advance(5 * MIN);
    w.acme.faults.set('*', { status: 429, retryAfter: '3600' });
    // Find when the first 429 was answered, to the half minute: the ask ends 3600 s after it.
    let before429 = w.harness.clock.now();
    while (w.acme.requests.count({ status: 429 }) === 0) {
      before429 = w.harness.clock.now();
      await w.harness.clock.advance(MIN / 2);
    }
    const after429 = w.harness.clock.now();
    await w.harness.clock.advanceTo(START + 7 * MIN);
    const acmeLine = (e = w.engine) =>
      trayTooltip(e.getState(), w.harness.clock.now(), ZONE)
        .split('\n')
        .filter((l) => l.startsWith('Acme'))
        .join(' / ');
    const promise = /The service asked to wait until (\d\d:\d\d); the app tries again at (\d\d:\d\d)/;
    const said = promise.exec(acmeLine());
    expect(said).not.toBeNull();
    const [sentence, askedHhmm = '', nextHhmm = ''] = said ?? [];
    const asks = [berlin(before429 + 3600_000), berlin(after429 + 3600_000)];
    expect(asks).toContain(askedHhmm);
    const nextMs = instantOf(nextHhmm);
    expect(nextMs).toBeGreaterThan(START + 7 * MIN);

    await w.engine.stop();
    w.acme.requests.clear();
    w.harness.sim.requests.clear();
    const e2 = w.harness.engine({ alarms: false, client: { now: () => clk() } });
    await e2.start();
    await w.harness.clock.advance(MIN);
    // Straight after the restart the same promise is said, on Acme's line, from the saved wait.
    expect(acmeLine(e2)).toContain(sentence);
    const workLines = trayTooltip(e2.getState(), w.harness.clock.now(), ZONE)
      .split('\n')
      .filter((l) => l.startsWith('Work'));
    expect(workLines.join(' ')).not.toContain('asked to wait');
    await w.harness.clock.advanceTo(nextMs - MIN);
    expect(w.acme.requests.all().map((q) => `${q.method} ${q.path} ${q.status}`)).toEqual([]);
    expect(w.harness.sim.requests.all().length).toBeGreaterThan(0);
    // The promise is kept: the app does ask again once the next try is due.
    await w.harness.clock.advanceTo(nextMs + 2 * MIN);
    expect(w.acme.requests.all().length).toBeGreaterThan(0);
    await e2.stop();
  }, 120_000);
});
