// Adv47 round 15 #2, the principle: each failing part is dated by its own saved data. Two accounts; Acme's service
// (behind a loopback proxy) answers 500 from 06:31Z, when its schedules were last read at 06:30Z (07:30 Berlin) and
// its coverage list at 06:00Z (07:00). Every surface said "showing saved data from 07:30" of Acme's coverage requests
// too (the popover: "Couldn't refresh Desk (service error), coverage requests (service error) · showing saved data
// from 07:30"; the tray's problem item and `status` the same). The list now carries its own time, worded apart.
// Real engine, simulator, fake clock.
import http from 'node:http';
import type { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { formatStatus } from '../../../electron/cli/status-format';
import { coverageGlanceText } from '../../../electron/shared/coverage-words';
import { buildTrayMenu, trayTooltip, type TrayMenuItem } from '../../../electron/core/state/tray-menu';
import { staleLines } from '../../../renderer/src/lib/stale-lines';
import { createHarness, type Harness } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';

const MIN = 60_000;
const START = Date.parse('2026-03-10T06:00:00Z');
const ZONE = 'Europe/Berlin';
let h: Harness | undefined;
let closeProxy: (() => Promise<void>) | undefined;
afterEach(async () => {
  await closeProxy?.();
  await h?.close();
  h = closeProxy = undefined;
});

/** A loopback proxy answering 500 to everything while `down.on`, else passing requests to `target`. */
async function proxy(target: string, down: { on: boolean }): Promise<string> {
  const to = new URL(target);
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    if (down.on) return void res.writeHead(500, { 'content-type': 'application/json' }).end('{"message":"boom"}');
    const out = http.request(
      { host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers },
      (a) => (res.writeHead(a.statusCode ?? 502, a.headers), a.pipe(res)),
    );
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  server.on('connection', (s) => (sockets.add(s), s.on('close', () => sockets.delete(s))));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  closeProxy = () => new Promise<void>((r) => (sockets.forEach((s) => s.destroy()), server.close(() => r())));
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

const labels = (items: readonly TrayMenuItem[]): string[] =>
  items.flatMap((i) => [...('label' in i ? [i.label] : []), ...(i.type === 'submenu' ? labels(i.items) : [])]);

describe("a failing account: its coverage list is dated by its own read, never the schedules'", () => {
  it('tray menu, tooltip, popover stale line and `status` say 07:00 of the list, 07:30 of the schedules', async () => {
    const eight = { amount: 8, unit: 'hours' as const };
    h = await createHarness({
      startMs: START,
      files: 'fs',
      seed: seedOf([
        {
          id: 'sch_ops',
          name: 'Ops',
          zone: 'Etc/UTC',
          rotationStart: '2026-03-01T01:00:00Z',
          userIds: ['usr_bob', 'usr_me'],
          length: eight,
        },
        {
          id: 'sch_desk',
          name: 'Desk',
          zone: 'America/New_York',
          rotationStart: '2026-03-01T19:00:00Z',
          userIds: ['usr_me', 'usr_bob', 'usr_alice'],
          length: eight,
        },
      ]),
    });
    const down = { on: false };
    const acmeUrl = await proxy(h.sim.url, down);
    const account = (id: string, label: string, baseUrl: string, schedule: string) => ({
      id,
      label,
      baseUrl,
      email: ME,
      schedules: [{ id: schedule }],
    });
    await h.files.writeAtomic(
      'settings.json',
      JSON.stringify({
        version: 2,
        accounts: [account('work', 'Work', h.sim.url, 'sch_ops'), account('acme', 'Acme', acmeUrl, 'sch_desk')],
      }),
    );
    await h.secrets.set(`work@${new URL(h.sim.url).host}`, h.sim.apiKey);
    await h.secrets.set(`acme@${new URL(acmeUrl).host}`, h.sim.apiKey);
    const engine = h.engine({ alarms: false });
    await engine.start();
    await h.clock.advance(31 * MIN);
    down.on = true;
    await engine.handlers['sync:refresh'](null);
    await h.clock.advance(60 * MIN);
    const state = engine.getState();
    const now = h.clock.now();
    await engine.stop();

    // The world as staged (checked, not assumed): Acme's list read at 06:00Z, its schedules at 06:30Z.
    const acme = state.accounts.find((a) => a.id === 'acme');
    // (to the minute: the polls carry jitter).
    expect(acme?.sync.kind === 'error' ? acme.sync.saved : undefined).toMatch(/^2026-03-10T06:30/);
    expect(state.coverage.status.kind === 'stale' ? state.coverage.status.since : undefined).toMatch(
      /^2026-03-10T06:00/,
    );
    const listTime = /Coverage requests \(service error\): saved data from 07:00\./;

    const menu = labels(buildTrayMenu(state, now, ZONE, { locale: 'en-GB' }));
    const problem = menu.find((l) => l.startsWith('Acme: '));
    // Failed before: "Acme: The on-call service had a problem (HTTP 500). Try again later. Showing saved data from 07:30."
    expect(problem).toMatch(
      /Showing saved data from 07:30\. Coverage requests \(service error\): saved data from 07:00\.$/,
    );
    // The list's time said once in the menu: the count's item leaves it to the problem item.
    expect(menu.filter((l) => l.includes('from 07:00'))).toHaveLength(1);
    expect(menu).toContain('Coverage requests (0)…');

    const tooltip = trayTooltip(state, now, ZONE, { locale: 'en-GB' });
    expect(tooltip).toMatch(listTime);
    // Said once there too: not again as "Coverage requests: Acme's saved data from 07:00".
    expect(tooltip.split('\n').filter((l) => l.includes('from 07:00'))).toHaveLength(1);

    const ctx = { nowMs: now, locale: 'en-GB', localZone: ZONE };
    const popover = staleLines(state, ctx).map((l) => l.text);
    // Failed before: "Acme: Couldn't refresh Desk (service error), coverage requests (service error) · showing saved
    // data from 07:30".
    // The stale line speaks of the schedules only; the list's own time is the glance's coverage note's.
    expect(popover).toEqual(["Acme: Couldn't refresh Desk (service error) · showing saved data from 07:30"]);
    expect(coverageGlanceText(state, { nowMs: now, localZone: ZONE })).toBe(
      "Coverage requests: Acme's saved data from 07:00",
    );

    const status = formatStatus(state, { nowMs: now, localZone: ZONE });
    expect(status).toMatch(
      /Acme \(acme, [^)]+\) — error: .*Showing saved data from 07:30\. Coverage requests \(service error\): saved data from 07:00\./,
    );
    expect(status).not.toMatch(/coverage requests \(service error\)[^.]*07:30/i);
  });
});
