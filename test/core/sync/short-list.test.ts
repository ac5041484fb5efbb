// Issue 17, case 6: a short list is not a complete one. The real engine (fake clock, real client over loopback)
// reads the simulator through a raw HTTP proxy that answers, from some page on, an empty page whose `meta.total`
// says more remain: the hourly shifts from page 2 on (100 of 528 read), and the coverage list's first page (0 of 2).
// What was read must not be taken as all of it: the schedule reads as couldn't-load / unknown on every surface,
// never a gap ("nobody on call", "uncovered") or "no shift of yours", and the coverage list never "none pending".
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { exitCodeFor } from '../../../electron/cli/status-run';
import { formatStatus } from '../../../electron/cli/status-format';
import { buildHandoffSummary } from '../../../electron/core/state/handoff-summary';
import { buildTrayMenu, trayIconFor, trayTooltip } from '../../../electron/core/state/tray-menu';
import { hasData } from '../../../electron/shared/freshness';
import type { AppState } from '../../../electron/shared/view-state';
import { countsText, uncoveredText } from '../../../renderer/src/lib/glance';
import { cardLines, coverageNote, myStateLine } from '../../../renderer/src/lib/status-model';
import { createHarness, type Harness } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';
import { DAY, HOUR, MIN } from '../../support/time';
import { trayLabels } from '../support/tray-labels';

const START = Date.parse('2026-03-02T13:05:00Z'); // Mon 14:05 in Berlin
const ZONE = 'Europe/Berlin';

/** Me, Alice and Bob hand over every hour: the app's window (a week back, 15 days ahead) holds 528 shifts. */
function hourlySeed() {
  const hour = (msValue: number): string => new Date(Math.floor(msValue / HOUR) * HOUR).toISOString();
  const ask = (id: string, dayOffset: number) => ({
    id,
    user_id: 'usr_alice',
    reason: 'Dentist',
    status: 'pending',
    shifts: [
      { start: hour(START + dayOffset * DAY), end: hour(START + dayOffset * DAY + HOUR), schedule_id: 'sch_hourly' },
    ],
  });
  return seedOf(
    [
      {
        id: 'sch_hourly',
        name: 'Hourly ops',
        zone: 'Europe/Berlin',
        rotationStart: '2026-02-01T00:00:00Z',
        userIds: ['usr_me', 'usr_alice', 'usr_bob'],
        length: { amount: 1, unit: 'hours' },
      },
    ],
    [ask('cov_one', 2), ask('cov_two', 3)],
  );
}

interface ShortListProxy {
  url: string;
  /** Pages answered empty although their total says more remain: `${route} page ${n} (total ${t})`. */
  cut: string[];
  close(): Promise<void>;
}

const HOP_HEADERS = new Set([
  'connection',
  'content-length',
  'transfer-encoding',
  'keep-alive',
  'content-encoding',
  'host',
]);

/** Passes every request to `target`; list pages from `shiftsFrom` (shifts) and `coverageFrom` (coverage) come back empty. */
async function startShortListProxy(
  target: string,
  cutFrom: { shifts: number; coverage: number },
): Promise<ShortListProxy> {
  const cut: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(req.headers)) {
          if (typeof value === 'string' && !HOP_HEADERS.has(name)) headers.set(name, value);
        }
        const method = req.method ?? 'GET';
        const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
        const upstream = await fetch(new URL(req.url ?? '/', target), {
          method,
          headers,
          ...(body && method !== 'GET' ? { body } : {}),
        });
        let text = await upstream.text();
        const url = new URL(req.url ?? '/', 'http://proxy.invalid');
        const page = Number(url.searchParams.get('page') ?? '1');
        const list = /\/shifts\/?$/.test(url.pathname)
          ? 'shifts'
          : /\/coverage_requests\/?$/.test(url.pathname)
            ? 'coverage_requests'
            : undefined;
        const from = list === 'shifts' ? cutFrom.shifts : cutFrom.coverage;
        if (method === 'GET' && upstream.status === 200 && list && page >= from) {
          const json: unknown = JSON.parse(text);
          if (typeof json === 'object' && json !== null && Array.isArray(Reflect.get(json, list))) {
            const meta: unknown = Reflect.get(json, 'meta');
            const total: unknown = typeof meta === 'object' && meta !== null ? Reflect.get(meta, 'total') : undefined;
            cut.push(`${list} page ${page} (total ${String(total)})`);
            text = JSON.stringify({ ...json, [list]: [] });
          }
        }
        const out: Record<string, string> = {};
        upstream.headers.forEach((value, name) => {
          if (!HOP_HEADERS.has(name)) out[name] = value;
        });
        res.writeHead(upstream.status, out);
        res.end(text);
      })().catch((e: unknown) => {
        res.writeHead(502, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: `proxy: ${String(e)}` }));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address: AddressInfo | string | null = server.address();
  if (address === null || typeof address === 'string') throw new Error('proxy has no TCP address');
  return {
    url: `http://127.0.0.1:${address.port}`,
    cut,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let h: Harness | undefined;
let proxy: ShortListProxy | undefined;
afterEach(async () => {
  await h?.close();
  await proxy?.close();
  h = undefined;
  proxy = undefined;
});

interface Surfaces {
  icon: string;
  tooltip: string;
  menu: string;
  popover: string;
  summary: string;
  status: string;
  exit: number;
}

function surfaces(state: AppState, nowMs: number): Surfaces {
  const ctx = { nowMs, locale: 'en-GB', localZone: ZONE };
  const line = myStateLine(state, ctx);
  const cards = state.schedules.flatMap((s) => {
    const c = cardLines(s, ctx);
    return [s.name, `Now: ${c.now}`, `Next: ${c.next}`, c.status ?? '', uncoveredText(s, ctx) ?? ''];
  });
  return {
    icon: trayIconFor(state, nowMs),
    tooltip: trayTooltip(state, nowMs, ZONE),
    menu: trayLabels(buildTrayMenu(state, nowMs, ZONE)).join('\n'),
    // The counts line is shown once the list was read (hasData), as the popover does.
    popover: [
      line.title,
      line.detail,
      ...cards,
      coverageNote(state, ctx) ?? '',
      hasData(state.coverage.status) ? countsText(state, ctx) : '',
    ].join('\n'),
    summary: buildHandoffSummary(state, { nowMs, localZone: ZONE }),
    status: formatStatus(state, { nowMs, localZone: ZONE }),
    exit: exitCodeFor(state),
  };
}

describe('issue 17, case 6: a short list is taken as complete', () => {
  it('an empty page before meta.total is reached makes the schedule and the coverage list unknown, not "nobody" or "none pending"', async () => {
    h = await createHarness({ startMs: START, seed: hourlySeed() });
    proxy = await startShortListProxy(h.sim.url, { shifts: 2, coverage: 1 });
    await h.files.writeAtomic(
      'settings.json',
      JSON.stringify({ version: 1, baseUrl: proxy.url, email: ME, schedules: [{ id: 'sch_hourly' }] }),
    );
    await h.secrets.set(new URL(proxy.url).host, h.sim.apiKey);
    const engine = h.engine();
    await engine.start();
    await h.clock.advance(MIN);
    const nowMs = h.clock.now();
    const state = engine.getState();
    // The proxy did cut both lists short (the shifts from page 2 of 6, the coverage list at its first page).
    expect(proxy.cut).toEqual(
      expect.arrayContaining(['shifts page 2 (total 528)', 'coverage_requests page 1 (total 2)']),
    );
    const s = surfaces(state, nowMs);

    // My shifts (I am on call every third hour): never "none" or "off call" from the 100 shifts read.
    const NONE = /Off call|No upcoming shift of yours|You are not on call|No shift of yours|none in the next/;
    expect(lineOf(s.status, /^Your next shift/)).toMatch(/^Your next shift: unknown/);
    expect(lineOf(s.summary, /^My next block/)).toMatch(/unknown/);
    expect(s.icon).not.toBe('off');
    expect(s.tooltip).not.toMatch(NONE);
    expect(s.menu).not.toMatch(NONE);
    expect(s.popover).not.toMatch(NONE);

    // The coverage list: never "none pending"; its count is unknown.
    expect(s.status).not.toMatch(/none pending/);
    expect(lineOf(s.status, /^Coverage requests/)).toMatch(/couldn't load|unknown/);
    expect(s.menu).not.toMatch(/Coverage requests \(0\)/);
    expect(s.menu).toMatch(/Coverage requests \(unknown\)…|Coverage requests: couldn't load/);
    expect(s.popover).not.toMatch(/No pending coverage requests/);
    expect(s.popover).toMatch(/Coverage requests: couldn't load/);

    // The schedule failed: its shifts are unknown, so no stretch of them is a gap ("nobody", "uncovered",
    // "nothing planned"). (Who is on call right now may still be named: the schedule's details say so.)
    const GAP = /nobody|no one|No one|[Uu]ncovered|[Nn]othing (planned|scheduled)|no later shift known/;
    expect(lineOf(s.status, /^Hourly ops \[sch_hourly\]/)).not.toMatch(/— fresh/);
    expect(lineOf(s.status, /^Hourly ops \[sch_hourly\]/)).toMatch(/stopped short|couldn't|unknown/);
    expect(s.menu).not.toMatch(GAP);
    expect(s.tooltip).not.toMatch(GAP);
    expect(s.popover).not.toMatch(GAP);
    expect(s.summary).not.toMatch(GAP);
    expect(lineOf(s.summary, /^Hourly ops:/)).toMatch(/unknown|couldn't|saved data/);
    expect(s.status).not.toMatch(GAP);

    // A walk that stops short of its total is a failure of that source: sync is not "ok", and the exit code says so.
    expect(s.status).not.toMatch(/^Sync: ok/m);
    expect(s.exit).toBe(4);
  });
});

function lineOf(text: string, start: RegExp): string {
  return text.split('\n').find((l) => start.test(l)) ?? `(no line ${start})`;
}
