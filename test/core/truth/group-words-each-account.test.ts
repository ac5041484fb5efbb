// Adv47 round 19: a reason, basis or age said of a group of accounts must be true of each. Three accounts on one
// simulator (Main direct; Work and Acme behind loopback proxies); from 12:30Z Work's proxy answers 401 (key revoked)
// and Acme's 500. Seen at 13:10Z (14:10 Berlin). Before: `status` said "Coverage requests: none pending (stale;
// showing saved data from 13:00: Work, Acme: The service rejected the API key.)": Work's reason given to Acme's list.
// Real engine, simulator, fake clock.
import http from 'node:http';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatStatus } from '../../../electron/cli/status-format';
import { buildTrayMenu, trayTooltip, type TrayMenuItem } from '../../../electron/core/state/tray-menu';
import { coverageGlanceText } from '../../../electron/shared/coverage-words';
import type { AppState } from '../../../electron/shared/view-state';
import { createHarness, type Harness } from '../support/engine-harness';
import { seedOf } from '../support/seeds';

const MIN = 60_000;
const ZONE = 'Europe/Berlin';
const at = (iso: string): number => Date.parse(iso);
let h: Harness | undefined;
const closers: (() => Promise<void>)[] = [];

/** A loopback proxy answering `fault()` (a status code) while it is set, else passing requests to `target`. */
async function proxy(target: string, fault: () => number | undefined): Promise<string> {
  const to = new URL(target);
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    const code = fault();
    if (code !== undefined)
      return void res.writeHead(code, { 'content-type': 'application/json' }).end('{"message":"no"}');
    const out = http.request(
      { host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers },
      (a) => (res.writeHead(a.statusCode ?? 502, a.headers), a.pipe(res)),
    );
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  server.on('connection', (s) => (sockets.add(s), s.on('close', () => sockets.delete(s))));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  closers.push(() => new Promise<void>((r) => (sockets.forEach((s) => s.destroy()), server.close(() => r()))));
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

/** The world at 13:10Z; `workCode`/`acmeCode`: what each proxy answers from 12:30Z (undefined: it passes). */
async function world(workCode?: number, acmeCode?: number): Promise<{ state: AppState; now: number }> {
  const length = (amount: number, unit: 'hours' | 'days') => ({ amount, unit });
  h = await createHarness({
    startMs: at('2026-03-10T12:00:00Z'),
    files: 'fs',
    seed: seedOf([
      {
        id: 'sch_ops',
        name: 'Ops',
        zone: 'Etc/UTC',
        rotationStart: '2026-03-01T01:00:00Z',
        userIds: ['usr_bob', 'usr_me'],
        length: length(8, 'hours'),
      },
      {
        id: 'sch_db',
        name: 'Db',
        zone: 'Europe/Berlin',
        rotationStart: '2026-03-01T08:00:00Z',
        userIds: ['usr_alice', 'usr_me'],
        length: length(1, 'days'),
      },
      {
        id: 'sch_pay',
        name: 'Pay',
        zone: 'America/New_York',
        rotationStart: '2026-03-01T00:00:00Z',
        userIds: ['usr_me', 'usr_bob'],
        length: length(12, 'hours'),
      },
    ]),
  });
  let failing = false;
  const workUrl = await proxy(h.sim.url, () => (failing ? workCode : undefined));
  const acmeUrl = await proxy(h.sim.url, () => (failing ? acmeCode : undefined));
  const accounts = [
    { id: 'main', label: 'Main', baseUrl: h.sim.url, email: 'me@example.com', schedules: [{ id: 'sch_ops' }] },
    { id: 'work', label: 'Work', baseUrl: workUrl, email: 'me@example.com', schedules: [{ id: 'sch_db' }] },
    { id: 'acme', label: 'Acme', baseUrl: acmeUrl, email: 'me@example.com', schedules: [{ id: 'sch_pay' }] },
  ];
  await h.files.writeAtomic('settings.json', JSON.stringify({ version: 2, accounts }));
  for (const a of accounts) await h.secrets.set(`${a.id}@${new URL(a.baseUrl).host}`, h.sim.apiKey);
  const engine = h.engine({ alarms: false });
  await engine.start();
  await h.clock.advance(MIN);
  await h.clock.advanceTo(at('2026-03-10T12:30:00Z'));
  failing = true;
  await h.clock.advanceTo(at('2026-03-10T13:10:00Z'));
  const state = engine.getState();
  await engine.stop();
  return { state, now: h.clock.now() };
}

const labels = (items: readonly TrayMenuItem[]): string[] =>
  items.flatMap((i) => [...('label' in i ? [i.label] : []), ...(i.type === 'submenu' ? labels(i.items) : [])]);
const KEY = 'The service rejected the API key.';
const HTTP500 = 'The on-call service had a problem (HTTP 500). Try again later.';

let seen: { state: AppState; now: number };
beforeAll(async () => {
  seen = await world(401, 500);
});
afterAll(async () => {
  for (const close of closers.splice(0)) await close();
  await h?.close();
});

describe("three accounts, two failing differently: each account's reason, basis and age are its own", () => {
  it("#1 `status`'s coverage line gives each account its own reason, and a saved list's none as saved", () => {
    const line = formatStatus(seen.state, { nowMs: seen.now, localZone: ZONE })
      .split('\n')
      .find((l) => l.startsWith('Coverage requests'));
    // Worked out here: both lists last read at 12:00Z, 13:00 in Berlin (UTC+1 in March).
    expect(line).toContain(`Work: ${KEY}`);
    expect(line).toContain(`Acme: ${HTTP500}`);
    expect(line).toContain("Work, Acme's saved data from 13:00");
    // Failed before: "none pending (stale; showing saved data from 13:00: Work, Acme: The service rejected the API key.)".
    expect(line).not.toMatch(/Work, Acme: /);
    expect(line).toMatch(/^Coverage requests: none pending in the saved data /);
  });

  it("#2 tray tooltip and menu keep Work's list basis beside Acme's problem line, as the popover says it", () => {
    const { state, now } = seen;
    // Acme's own problem line dates its list; Work's line (a rejected key) doesn't date Work's.
    const tooltip = trayTooltip(state, now, ZONE, { locale: 'en-GB' }).split('\n');
    expect(tooltip.some((l) => l.startsWith('Acme: ') && l.includes('Coverage requests (service error)'))).toBe(true);
    // Failed before: no line of the tooltip said Work's list was saved data.
    expect(tooltip).toContain("Coverage requests: Work, Acme's saved data from 13:00");
    const menu = labels(buildTrayMenu(state, now, ZONE, { locale: 'en-GB' }));
    // Failed before: "Coverage requests (0)…", the 0 about Work's saved list said as if fresh.
    expect(menu).toContain("Coverage requests (0, Work, Acme's saved data from 13:00)…");
    // The popover's glance says the same of the same list.
    expect(coverageGlanceText(state, { nowMs: now, localZone: ZONE })).toBe(
      "Coverage requests: Work, Acme's saved data from 13:00",
    );
  });

  it("#3 `status`'s Sync line names each account with its own age, never the failing one's said of all", () => {
    const { state, now } = seen;
    const sync = formatStatus(state, { nowMs: now, localZone: ZONE })
      .split('\n')
      .find((l) => l.startsWith('Sync:'));
    // Failed before: "… · updated 45 min ago", Work's last good read said with no account named.
    expect(sync).not.toMatch(/· updated \d/);
    // Each account's own last good read, worked out from each account's view.
    const ago = (label: string): number => {
      const at = state.accounts.find((a) => a.label === label)?.lastSuccessAt;
      return at ? Math.round((now - Date.parse(at)) / 60_000) : NaN;
    };
    expect(ago('Main')).toBeLessThan(10);
    expect(ago('Work')).toBeGreaterThanOrEqual(40);
    for (const label of ['Main', 'Work', 'Acme']) expect(sync).toContain(`${label} ${ago(label)} min ago`);
  });
});
