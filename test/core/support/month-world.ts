// The world of the month-long simulation: six schedules in six zones, a TCP proxy in front of the simulator (so
// "the service is down" is a refused connection on the same port while the simulator keeps its overrides), a
// recorder that stamps every notification and every sync answer with one global order, and a driver for what
// happens to the laptop (sleeps with and without a resume event, restarts, outages, a zone change) and to the
// shifts (overrides others post straight to the simulator's HTTP API). Everything the oracle needs about the
// world is written down here as it happens; nothing is read from the app's code.
import { createServer, connect, type Server, type Socket } from 'node:net';
import { createClient } from '../../../electron/api/client';
import type { OncallClient } from '../../../electron/api/client-types';
import type { Engine } from '../../../electron/core/engine/types';
import type { NotificationRequest, Notifier } from '../../../electron/core/ports';
import type { Fault } from '../../../electron/simulator/faults';
import type { Harness } from './engine-harness';
import { closeAfterTest } from '../../support/closing';
import { SEED_USERS } from './seeds';
import { myBlocks, type Block } from './truth';
import { MIN, HOUR, DAY } from '../../support/time';
export { MIN, HOUR, DAY };

export const ME = 'me@example.com';
export const MANAGER_KEY = 'ocs_manager_alice';

export const iso = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z');

// ---------------------------------------------------------------------------------------------------- seed --

export interface MonthSchedule {
  id: string;
  name: string;
  zone: string;
}

/** Names carry no digits, so the first HH:MM of a message body is a time, never part of a name. */
export const MONTH_SCHEDULES: MonthSchedule[] = [
  { id: 'sch_platform', name: 'Platform primary', zone: 'Europe/Berlin' },
  { id: 'sch_payments', name: 'Payments US', zone: 'America/New_York' },
  { id: 'sch_data', name: 'Data pipeline', zone: 'Asia/Kolkata' },
  { id: 'sch_apac', name: 'APAC support', zone: 'Australia/Sydney' },
  { id: 'sch_mobile', name: 'Mobile web', zone: 'America/Los_Angeles' },
  { id: 'sch_edge', name: 'Edge network', zone: 'Europe/London' },
];

const people = [
  SEED_USERS.me,
  { ...SEED_USERS.alice, role: 'admin' },
  SEED_USERS.bob,
  SEED_USERS.carol,
  { id: 'usr_dave', name: 'Dave Kim', email: 'dave@example.com', role: 'standard', seat: 'member', chat_id: 'U04' },
];
export const OTHERS = ['alice@example.com', 'bob@example.com', 'carol@example.com', 'dave@example.com'];

type Unit = 'hours' | 'days' | 'weeks';
const layer = (rotationStart: string, amount: number, unit: Unit, userIds: string[]) => ({
  name: 'Main',
  rotation_start: rotationStart,
  concurrent_oncall_users: 1,
  user_ids: userIds,
  shift_length: { amount, unit },
  restriction_intervals: [],
});

/**
 * Handoffs keep local wall time across DST for day/week rotations: Berlin and London spring forward on 29 March,
 * Sydney falls back on 5 April; Kolkata (+05:30) has 12-hour shifts at 09:30/21:30 local; London 8-hour shifts.
 */
export function monthSeed() {
  const [platform, payments, data, apac, mobile, edge] = MONTH_SCHEDULES as [
    MonthSchedule,
    MonthSchedule,
    MonthSchedule,
    MonthSchedule,
    MonthSchedule,
    MonthSchedule,
  ];
  const sched = (s: MonthSchedule, l: ReturnType<typeof layer>) => ({
    id: s.id,
    name: s.name,
    description: '',
    time_zone: s.zone,
    team_ids: ['tea_core'],
    layers: [l],
  });
  return {
    api_keys: [
      { key: 'ocs_month_me', user_id: 'usr_me' },
      { key: MANAGER_KEY, user_id: 'usr_alice' },
    ],
    users: people,
    teams: [{ id: 'tea_core', name: 'Core', description: 'Core team' }],
    schedules: [
      sched(platform, layer('2026-03-16T08:00:00Z', 1, 'days', ['usr_me', 'usr_alice', 'usr_bob'])), // 09:00 CET
      sched(payments, layer('2026-03-16T12:00:00Z', 1, 'days', ['usr_bob', 'usr_me', 'usr_carol', 'usr_alice'])), // 08:00 EDT
      sched(data, layer('2026-03-16T04:00:00Z', 12, 'hours', ['usr_alice', 'usr_me', 'usr_bob'])), // 09:30 IST
      sched(apac, layer('2026-03-15T22:00:00Z', 1, 'days', ['usr_carol', 'usr_me', 'usr_dave'])), // 09:00 AEDT
      sched(mobile, layer('2026-03-16T17:00:00Z', 1, 'weeks', ['usr_dave', 'usr_me', 'usr_alice'])), // Mon 10:00 PDT
      sched(edge, layer('2026-03-16T00:00:00Z', 8, 'hours', ['usr_bob', 'usr_carol', 'usr_me', 'usr_alice'])),
    ],
    coverage_requests: [],
  };
}

// ---------------------------------------------------------------------------------------------------- prng --

export { prng } from './prng';

// --------------------------------------------------------------------------------------------------- proxy --

/** A TCP relay on a fixed port: `down()` refuses connections (and cuts open ones) until `up()`. */
export class Proxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(private readonly targetPort: number) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async up(): Promise<void> {
    if (this.server) return;
    const server = createServer((client) => {
      const upstream = connect(this.targetPort, '127.0.0.1');
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    const address = server.address();
    if (typeof address === 'object' && address) this.port = address.port;
    this.server = server;
  }

  async down(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

// ------------------------------------------------------------------------------------------------ recorder --

export interface Seen extends NotificationRequest {
  atMs: number;
  order: number;
}

export interface SyncMark {
  order: number;
  atMs: number;
  route: 'getSchedule' | 'listShifts' | 'listAllShifts' | 'listAllCoverageRequests' | 'listCoverageRequests';
  scheduleId: string | undefined;
  ok: boolean;
  /** A schedule answer's current and next shifts that name people, as the service stated them (fresh spans). */
  answered?: { fromMs: number; toMs: number }[];
}

/** The current and next shifts a schedule answer states with people on them (an unreadable one states nothing). */
function answeredSpans(r: { ok: boolean; value?: unknown }): { fromMs: number; toMs: number }[] {
  if (!r.ok || typeof r.value !== 'object' || r.value === null) return [];
  const shifts = [Reflect.get(r.value, 'current_oncall_shift'), Reflect.get(r.value, 'next_oncall_shift')];
  return shifts.flatMap((s: unknown) => {
    if (typeof s !== 'object' || s === null) return [];
    const users: unknown = Reflect.get(s, 'users');
    const fromMs = Date.parse(String(Reflect.get(s, 'start')));
    const toMs = Date.parse(String(Reflect.get(s, 'end')));
    return Array.isArray(users) && users.length > 0 && fromMs < toMs ? [{ fromMs, toMs }] : [];
  });
}

/** One global order over notifications, sync answers, changes and wake-ups, so "before" never depends on ties. */
export class Recorder {
  private counter = 0;
  readonly shown: Seen[] = [];
  readonly syncs: SyncMark[] = [];
  /** Called with each notification before it is recorded (the write-ahead test looks at the disk here). */
  onNotify: ((n: NotificationRequest) => Promise<void> | void) | undefined;

  constructor(private readonly now: () => number) {}

  tick(): number {
    return ++this.counter;
  }

  readonly notifier: Notifier = {
    notify: async (n) => {
      await this.onNotify?.(n);
      this.shown.push({ ...n, atMs: this.now(), order: this.tick() });
    },
  };

  /** Records every read's answer (ok or not) as it arrives, before the engine sees it. */
  wrap = (c: OncallClient): OncallClient => {
    const mark = <T extends { ok: boolean }>(
      route: SyncMark['route'],
      scheduleId: string | undefined,
      p: Promise<T>,
    ): Promise<T> =>
      p.then((r) => {
        const answered = route === 'getSchedule' ? { answered: answeredSpans(r) } : {};
        this.syncs.push({ order: this.tick(), atMs: this.now(), route, scheduleId, ok: r.ok, ...answered });
        return r;
      });
    return {
      ...c,
      getSchedule: (id) => mark('getSchedule', id, c.getSchedule(id)),
      listShifts: (id, p) => mark('listShifts', id, c.listShifts(id, p)),
      listAllShifts: (id, p, m) => mark('listAllShifts', id, c.listAllShifts(id, p, m)),
      listCoverageRequests: (p) => mark('listCoverageRequests', undefined, c.listCoverageRequests(p)),
      listAllCoverageRequests: (m) => mark('listAllCoverageRequests', undefined, c.listAllCoverageRequests(m)),
      createOverride: (...a) => c.createOverride(...a),
      getOverride: (...a) => c.getOverride(...a),
      putChatUserGroup: (...a) => c.putChatUserGroup(...a),
      updateTeam: (...a) => c.updateTeam(...a),
      close: () => c.close(),
    };
  };
}

// ------------------------------------------------------------------------------------------ world timeline --

export interface Interval {
  fromMs: number;
  toMs: number;
}
export type WakeKind = 'start' | 'resume' | 'silent' | 'restart' | 'reconnect';
export interface Wake {
  kind: WakeKind;
  atMs: number;
  order: number;
  /** The stretch the app was away (asleep, closed or cut off) before this wake. */
  away: Interval | undefined;
}
export interface Version {
  order: number;
  atMs: number;
  blocks: Block[];
}
export interface OverrideSpec {
  scheduleId: string;
  startMs: number;
  endMs: number;
  email: string;
}
export interface Change {
  label: string;
  order: number;
  atMs: number;
  overrides: OverrideSpec[];
  before: Version;
  after: Version;
  /** Per schedule, where my coverage differs between before and after. */
  diff: Map<string, Interval[]>;
}
export type OutageKind = 'http500' | 'http503' | 'http429' | 'reset' | 'malformed' | 'badSchema' | 'down' | 'offline';

export interface WorldOptions {
  scheduleIds: string[];
  /** Truth is read over this range (covers every reminder of the run and the app's look-ahead). */
  truthFromMs: number;
  truthToMs: number;
  idleIntervalSec: number;
  nearIntervalSec: number;
  nearWindowMin: number;
  /** Zone the engine is asked for; changes with `travel`. */
  zone: string;
  /** Settings written before the first start (hand-edited list of ids, e.g. with a duplicate). */
  settingsScheduleIds?: string[];
}

const coverage = (blocks: Block[], scheduleId: string): Interval[] =>
  blocks.filter((b) => b.scheduleId === scheduleId).map((b) => ({ fromMs: b.startMs, toMs: b.endMs }));

/** Symmetric difference of two sets of disjoint sorted intervals. */
export function intervalDiff(a: Interval[], b: Interval[]): Interval[] {
  const points = [...new Set([...a, ...b].flatMap((i) => [i.fromMs, i.toMs]))].sort((x, y) => x - y);
  const inside = (xs: Interval[], t: number) => xs.some((i) => i.fromMs <= t && t < i.toMs);
  const out: Interval[] = [];
  for (let k = 0; k + 1 < points.length; k++) {
    const from = points[k] as number;
    const to = points[k + 1] as number;
    if (inside(a, from) !== inside(b, from)) {
      const last = out.at(-1);
      if (last && last.toMs === from) last.toMs = to;
      else out.push({ fromMs: from, toMs: to });
    }
  }
  return out;
}

export class World {
  readonly rec: Recorder;
  readonly proxy: Proxy;
  engine: Engine | undefined;
  zone: string;
  readonly sleeps: (Interval & { resume: boolean })[] = [];
  readonly closed: Interval[] = [];
  readonly outages: (Interval & { kind: OutageKind })[] = [];
  readonly wakes: Wake[] = [];
  readonly versions: Version[] = [];
  readonly changes: Change[] = [];
  zoneChanges: { atMs: number; order: number; from: string; to: string }[] = [];
  private fault: Fault | undefined;
  private manager: OncallClient;
  private outageKind: OutageKind | undefined;
  private outageFromMs = 0;

  constructor(
    readonly h: Harness,
    readonly options: WorldOptions,
  ) {
    this.rec = new Recorder(() => h.clock.now());
    this.proxy = new Proxy(Number(new URL(h.sim.url).port));
    this.zone = options.zone;
    this.manager = createClient({ baseUrl: h.sim.url, getApiKey: () => MANAGER_KEY, maxTries: 1 });
    closeAfterTest(this);
  }

  now(): number {
    return this.h.clock.now();
  }

  /** Settings as the app would have stored them, pointing at the proxy; then the first truth. */
  async prepare(): Promise<void> {
    await this.proxy.up();
    const o = this.options;
    await this.h.files.writeAtomic(
      'settings.json',
      JSON.stringify({
        version: 1,
        baseUrl: this.proxy.url,
        email: ME,
        startAtLogin: true,
        schedules: (o.settingsScheduleIds ?? o.scheduleIds).map((id) => ({ id })),
        refresh: {
          idleIntervalSec: o.idleIntervalSec,
          nearIntervalSec: o.nearIntervalSec,
          nearWindowMin: o.nearWindowMin,
        },
      }),
    );
    await this.h.secrets.set(new URL(this.proxy.url).host, this.h.sim.apiKey);
    this.versions.push({ order: this.rec.tick(), atMs: this.now(), blocks: await this.readTruth() });
  }

  /** The simulator's own list of shifts, my blocks in it; faults are lifted while the test reads. */
  async readTruth(): Promise<Block[]> {
    return this.withoutFaults(() =>
      myBlocks(this.h.sim, this.options.scheduleIds, ME, this.options.truthFromMs, this.options.truthToMs),
    );
  }

  /** Reads the truth again after a change that is not someone else's (e.g. one the app made for me). */
  async reread(): Promise<void> {
    this.versions.push({ order: this.rec.tick(), atMs: this.now(), blocks: await this.readTruth() });
  }

  truth(): Block[] {
    return (this.versions.at(-1) as Version).blocks;
  }

  protected async withoutFaults<T>(work: () => Promise<T>): Promise<T> {
    if (this.fault) this.h.sim.faults.clear();
    try {
      return await work();
    } finally {
      if (this.fault) this.h.sim.faults.set('*', this.fault);
    }
  }

  newEngine(): Engine {
    // `localZone` as a function: the engine asks for the machine's zone each time it plans.
    return this.h.engine({
      notifier: this.rec.notifier,
      wrapClient: this.rec.wrap,
      localZone: () => this.zone,
      client: { sleep: async () => undefined },
      // The reminders' own month: with the shift-start alarm off, "On call now" is every start's notice (with the
      // alarm on, the alarm is; its month is test/core/alarm/alarm-month.test.ts).
      alarms: false,
    });
  }

  async start(kind: 'start' | 'restart' = 'start', away?: Interval): Promise<void> {
    this.engine = this.newEngine();
    this.wakes.push({ kind, atMs: this.now(), order: this.rec.tick(), away });
    await this.engine.start();
    await this.h.clock.advance(0);
  }

  async advanceTo(ms: number): Promise<void> {
    if (ms > this.now()) await this.h.clock.advanceTo(ms);
  }

  /**
   * The lid closed for `ms`: nothing fires, timers are pushed back. `during` runs at offsets into the sleep
   * (changes made while the laptop sleeps). With `resume` false no resume event ever comes.
   */
  async sleep(
    ms: number,
    resume: boolean,
    during: { afterMs: number; act: () => Promise<void> }[] = [],
  ): Promise<void> {
    const fromMs = this.now();
    // Desktops that send no resume event send no suspend event either.
    if (resume) this.engine?.power('suspend');
    await this.h.clock.settle();
    let slept = 0;
    for (const d of [...during].sort((a, b) => a.afterMs - b.afterMs)) {
      this.h.clock.sleep(d.afterMs - slept);
      slept = d.afterMs;
      await d.act();
    }
    this.h.clock.sleep(ms - slept);
    this.sleeps.push({ fromMs, toMs: this.now(), resume });
    this.wakes.push({
      kind: resume ? 'resume' : 'silent',
      atMs: this.now(),
      order: this.rec.tick(),
      away: { fromMs, toMs: this.now() },
    });
    if (resume) this.engine?.power('resume');
    await this.h.clock.advance(0);
  }

  /** Quit the app, keep it closed for `ms` (things may happen meanwhile), start a new one over the same files. */
  async restart(ms: number, during: { afterMs: number; act: () => Promise<void> }[] = []): Promise<void> {
    await this.engine?.stop();
    this.engine = undefined;
    const fromMs = this.now();
    for (const d of [...during].sort((a, b) => a.afterMs - b.afterMs)) {
      await this.advanceTo(fromMs + d.afterMs);
      await d.act();
    }
    await this.advanceTo(fromMs + ms);
    this.closed.push({ fromMs, toMs: this.now() });
    await this.start('restart', { fromMs, toMs: this.now() });
  }

  async outageBegin(kind: OutageKind): Promise<void> {
    await this.h.clock.settle();
    this.outageKind = kind;
    this.outageFromMs = this.now();
    const faults: Partial<Record<OutageKind, Fault>> = {
      http500: { status: 500 },
      http503: { status: 503, retryAfter: '120' },
      http429: { status: 429, retryAfter: '600' },
      reset: { reset: true },
      malformed: { malformedJson: true },
      badSchema: { badSchema: true },
    };
    const fault = faults[kind];
    if (fault) {
      this.fault = fault;
      this.h.sim.faults.set('*', fault);
    } else {
      await this.proxy.down();
      if (kind === 'offline') this.engine?.network(false);
    }
  }

  async outageEnd(): Promise<void> {
    await this.h.clock.settle();
    const kind = this.outageKind;
    if (!kind) return;
    this.outageKind = undefined;
    if (this.fault) {
      this.fault = undefined;
      this.h.sim.faults.clear();
    } else await this.proxy.up();
    this.outages.push({ fromMs: this.outageFromMs, toMs: this.now(), kind });
    this.wakes.push({
      kind: 'reconnect',
      atMs: this.now(),
      order: this.rec.tick(),
      away: { fromMs: this.outageFromMs, toMs: this.now() },
    });
    if (kind === 'offline') this.engine?.network(true);
    await this.h.clock.advance(0);
  }

  /** Someone else changes the schedule: overrides posted to the service's API, all at this instant. */
  async change(label: string, overrides: OverrideSpec[]): Promise<Change> {
    const before = this.versions.at(-1) as Version;
    await this.withoutFaults(async () => {
      for (const o of overrides) {
        const r = await this.manager.createOverride(o.scheduleId, {
          start: iso(o.startMs),
          end: iso(o.endMs),
          user_references: [{ type: 'email', value: o.email }],
        });
        if (!r.ok) throw new Error(`scenario: override ${label} refused: ${r.error.message}`);
      }
    });
    const after: Version = { order: this.rec.tick(), atMs: this.now(), blocks: await this.readTruth() };
    this.versions.push(after);
    const diff = new Map<string, Interval[]>();
    for (const id of this.options.scheduleIds) {
      const d = intervalDiff(coverage(before.blocks, id), coverage(after.blocks, id));
      if (d.length > 0) diff.set(id, d);
    }
    if (diff.size === 0) throw new Error(`scenario: change ${label} changed none of my time`);
    const change: Change = { label, order: after.order, atMs: after.atMs, overrides, before, after, diff };
    this.changes.push(change);
    return change;
  }

  /** The machine's zone changes (travel); the engine learns it through its localZone function. */
  travel(to: string): void {
    this.zoneChanges.push({ atMs: this.now(), order: this.rec.tick(), from: this.zone, to });
    this.zone = to;
  }

  zoneAt(order: number): string {
    let zone = this.options.zone;
    for (const z of this.zoneChanges) if (z.order < order) zone = z.to;
    return zone;
  }

  private shut = false;

  async close(): Promise<void> {
    if (this.shut) return;
    this.shut = true;
    await this.engine?.stop();
    this.engine = undefined;
    this.manager.close();
    await this.proxy.down();
  }
}
