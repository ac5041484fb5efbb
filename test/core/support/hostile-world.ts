// Hostile worlds for the knowledge property (issue 17): the real engine and simulator on the fake clock, with an
// HTTP proxy in between that writes down every answer the app got (path, query, status, body) and can lie about
// lists (an empty page that keeps `meta.total`, coverage requests whose shifts end before they start). Faults are the
// simulator's own, per route, per schedule and per page. The truth about what the app could know is computed here from that wire record and from the world's own
// changes (overrides, with or without a revision that moves); nothing is read from the app's knowledge model.
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import fc from 'fast-check';
import type { Engine } from '../../../electron/core/engine/types';
import type { Fault } from '../../../electron/simulator/faults';
import { timeline } from '../../../electron/simulator/rotation';
import type { ScheduleState } from '../../../electron/simulator/state';
import type { AppState } from '../../../electron/shared/view-state';
import { createHarness, type Harness } from './engine-harness';
import { MAIN_ACCOUNT_ID } from '../../../electron/shared/accounts';
import { MIN, HOUR, DAY } from '../../support/time';
export { MIN, HOUR, DAY };

export const ME = 'me@example.com';
export const ZONE = 'Europe/Berlin';
/** The app's horizon (its default): "no shift of yours in the next 14 days". */
export const HORIZON_DAYS = 14;
/** The n-th API key of mine on the service (the first is in the seed; `newKey` adds the next). */
const keyOf = (n: number): string => `ocs_hostile_me_${n}`;

const iso = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z');

// ----------------------------------------------------------------------------------------------- world spec --

/** The schedules a world may watch; names share no word, so a line that names one never names another by accident. */
export const POOL = [
  { id: 'sch_platform', name: 'Platform primary', zone: 'Europe/Berlin' },
  { id: 'sch_payments', name: 'Payments US', zone: 'America/New_York' },
  { id: 'sch_data', name: 'Data pipeline', zone: 'Asia/Kolkata' },
] as const;

const USERS = ['usr_me', 'usr_alice', 'usr_bob', 'usr_carol'] as const;
type UserId = (typeof USERS)[number];

export interface ScheduleSpec {
  /** The rotation, in order (me among them or not). */
  users: UserId[];
  length: { amount: number; unit: 'hours' | 'days' | 'weeks' };
  /** Rotation start relative to the world's start, in hours: a future start leaves nobody on call until then. */
  startOffsetH: number;
}

export interface CoverageSpec {
  requester: 'usr_me' | 'usr_alice' | 'usr_bob';
  status: 'pending' | 'approved';
  /** Index into the schedules watched from the start (modulo their number). */
  schedule: number;
  startOffsetH: number;
  hours: number;
}

export interface WorldSpec {
  startMs: number;
  /** One per POOL entry: every one of them is on the service. */
  schedules: ScheduleSpec[];
  /** The POOL entries the app watches from the start, in its order. */
  watched: number[];
  coverage: CoverageSpec[];
  idleIntervalSec: number;
}

export type FaultRoute = 'getSchedule' | 'listShifts' | 'listCoverageRequests' | '*';
export type LieKind = 'emptyPage' | 'reversed';
export type GarbleHow = 'users' | 'times';
export type FaultKind =
  '503' | '500-text' | 'malformed' | 'badSchema' | 'reset' | '429-short' | '429-long' | '404' | '401';

export type Step =
  /** Time passes with the app running: seconds to minutes, or hours. */
  | { kind: 'advance'; ms: number }
  /** The laptop sleeps (no timer fires); with `resume`, the OS says so when it wakes. */
  | { kind: 'sleep'; ms: number; resume: boolean }
  /** The app is quit, stays closed, and starts again over the same files (its saved cache). */
  | { kind: 'closed'; ms: number }
  /** A fault on one route ('*': all), for one watched schedule or all, on page 2 only or every page, `times` or until cleared. */
  | {
      kind: 'fault';
      route: FaultRoute;
      fault: FaultKind;
      schedule: number | null;
      page2: boolean;
      times: number | null;
    }
  | { kind: 'clear' }
  /** The schedule is deleted on the service (404 everywhere) until `restore`. */
  | { kind: 'delete'; schedule: number }
  | { kind: 'restore' }
  /** The key is revoked on the service; `newKey` adds a new one there and enters it in the app. */
  | { kind: 'revoke' }
  | { kind: 'newKey' }
  /** Someone creates an override; `silent`: the service's `current_revision` does not move. */
  | { kind: 'override'; schedule: number; silent: boolean; startH: number; hours: number; user: number }
  /**
   * The proxy lies about the route's lists until `truthful`: 'emptyPage' answers with no entries but keeps
   * `meta.total` (a list that stops short); 'reversed' sends coverage requests whose shifts end before they start.
   */
  | { kind: 'lie'; lie: LieKind; route: 'listShifts' | 'listCoverageRequests'; schedule: number | null }
  | { kind: 'truthful' }
  /**
   * From now on the service sends the shifts of a schedule (null: every one) that overlap [now + startH, + hours) in a
   * form the app can't read (issue 27's holes): 'users' drops who is on call (the times stay readable), 'times' drops
   * the start and end (the app can only place it between its readable neighbours). Until `mend`.
   */
  | { kind: 'garble'; schedule: number | null; startH: number; hours: number; how: GarbleHow }
  | { kind: 'mend' }
  /** "Refresh now". */
  | { kind: 'refresh' }
  /** The OS says the network went away / came back. */
  | { kind: 'network'; online: boolean }
  /** The user adds a schedule of the service to the watched ones (Settings). */
  | { kind: 'watch'; pool: number };

export interface World {
  spec: WorldSpec;
  /** Faults, lies and deletions in place before the app first starts. */
  opening: Step[];
  /** Whether the world starts with a saved cache: a first run of the app, quit and started again `gapMs` later. */
  saved: { runMs: number; gapMs: number } | null;
  steps: Step[];
  /** Look right at a wake without a resume event, before the app's timers ran (default: after them). */
  wakeUnnoticed?: boolean;
}

// ------------------------------------------------------------------------------------------- arbitraries --

const WORLD_START = Date.parse('2026-03-02T08:00:00Z');

const scheduleSpecArb: fc.Arbitrary<ScheduleSpec> = fc.record({
  users: fc.shuffledSubarray([...USERS], { minLength: 1, maxLength: 4 }),
  length: fc.constantFrom<ScheduleSpec['length']>(
    { amount: 4, unit: 'hours' }, // 132 shifts over the read window: two pages
    { amount: 12, unit: 'hours' },
    { amount: 1, unit: 'days' },
    { amount: 1, unit: 'weeks' },
  ),
  // Up to 20 days either way: a rotation that starts later leaves nobody on call (in the window, or beyond it).
  startOffsetH: fc.integer({ min: -480, max: 480 }),
});

const coverageSpecArb: fc.Arbitrary<CoverageSpec> = fc.record({
  requester: fc.constantFrom<CoverageSpec['requester']>('usr_me', 'usr_alice', 'usr_bob'),
  status: fc.constantFrom<CoverageSpec['status']>('pending', 'approved'),
  schedule: fc.nat({ max: 2 }),
  startOffsetH: fc.integer({ min: -72, max: 400 }),
  hours: fc.integer({ min: 1, max: 48 }),
});

export const worldSpecArb: fc.Arbitrary<WorldSpec> = fc
  .record({
    watched: fc.uniqueArray(fc.nat({ max: POOL.length - 1 }), { minLength: 1, maxLength: POOL.length }),
    specs: fc.tuple(scheduleSpecArb, scheduleSpecArb, scheduleSpecArb),
    coverage: fc.array(coverageSpecArb, { maxLength: 2 }),
    idleIntervalSec: fc.constantFrom(300, 900),
    startMinute: fc.integer({ min: 0, max: 24 * 60 - 1 }),
  })
  .map(({ watched, specs, coverage, idleIntervalSec, startMinute }) => ({
    startMs: WORLD_START + startMinute * MIN,
    schedules: [...specs],
    watched,
    coverage,
    idleIntervalSec,
  }));

const scheduleRef = fc.nat({ max: 2 });

const faultArb: fc.Arbitrary<Step> = fc.record({
  kind: fc.constant<'fault'>('fault'),
  route: fc.constantFrom<FaultRoute>('getSchedule', 'listShifts', 'listCoverageRequests', '*'),
  fault: fc.constantFrom<FaultKind>(
    '503',
    '500-text',
    'malformed',
    'badSchema',
    'reset',
    '429-short',
    '429-long',
    '404',
    '401',
  ),
  schedule: fc.option(scheduleRef, { nil: null }),
  page2: fc.boolean(),
  times: fc.option(fc.constantFrom(1, 2, 3, 6), { nil: null }),
});

const lieArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant<'lie'>('lie'),
    lie: fc.constant<LieKind>('emptyPage'),
    route: fc.constantFrom<'listShifts' | 'listCoverageRequests'>('listShifts', 'listCoverageRequests'),
    schedule: fc.option(scheduleRef, { nil: null }),
  }),
  fc.constant<Step>({ kind: 'lie', lie: 'reversed', route: 'listCoverageRequests', schedule: null }),
);

/** Holes anywhere in the 14 days read (and a day back), on any schedule or all. */
export const garbleArb: fc.Arbitrary<Step> = fc.record({
  kind: fc.constant<'garble'>('garble'),
  schedule: fc.option(scheduleRef, { nil: null }),
  startH: fc.integer({ min: -24, max: 15 * 24 }),
  hours: fc.integer({ min: 1, max: 72 }),
  how: fc.constantFrom<GarbleHow>('users', 'times'),
});

const deleteArb: fc.Arbitrary<Step> = fc.record({ kind: fc.constant<'delete'>('delete'), schedule: scheduleRef });

export interface WorldOptions {
  /** An override may leave the service's revision where it was. */
  silent: boolean;
  /** The service may send shifts the app can't read (holes), from the start and at any step. */
  holes?: boolean;
  maxSteps?: number;
}

/** Steps of a world; with `silent`, an override may leave the service's revision where it was. */
export function stepArb(options: WorldOptions): fc.Arbitrary<Step> {
  const holes = options.holes
    ? [
        { weight: 4, arbitrary: garbleArb },
        { weight: 1, arbitrary: fc.constant<Step>({ kind: 'mend' }) },
      ]
    : [];
  return fc.oneof(
    ...holes,
    {
      weight: 6,
      arbitrary: fc.record({ kind: fc.constant<'advance'>('advance'), ms: fc.integer({ min: 1_000, max: 20 * MIN }) }),
    },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant<'advance'>('advance'), ms: fc.integer({ min: HOUR, max: 5 * HOUR }) }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant<'sleep'>('sleep'),
        ms: fc.integer({ min: HOUR, max: 16 * DAY }),
        resume: fc.boolean(),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant<'closed'>('closed'), ms: fc.integer({ min: MIN, max: 16 * DAY }) }),
    },
    { weight: 6, arbitrary: faultArb },
    { weight: 2, arbitrary: fc.constant<Step>({ kind: 'clear' }) },
    { weight: 1, arbitrary: deleteArb },
    { weight: 1, arbitrary: fc.constant<Step>({ kind: 'restore' }) },
    { weight: 1, arbitrary: fc.constant<Step>({ kind: 'revoke' }) },
    { weight: 1, arbitrary: fc.constant<Step>({ kind: 'newKey' }) },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant<'override'>('override'),
        schedule: scheduleRef,
        silent: options.silent ? fc.boolean() : fc.constant(false),
        startH: fc.integer({ min: -2, max: 72 }),
        hours: fc.integer({ min: 1, max: 24 }),
        user: fc.nat({ max: 3 }),
      }),
    },
    { weight: 1, arbitrary: lieArb },
    { weight: 1, arbitrary: fc.constant<Step>({ kind: 'truthful' }) },
    { weight: 2, arbitrary: fc.constant<Step>({ kind: 'refresh' }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant<'network'>('network'), online: fc.boolean() }) },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant<'watch'>('watch'), pool: fc.nat({ max: POOL.length - 1 }) }),
    },
  );
}

export function worldArb(options: WorldOptions): fc.Arbitrary<World> {
  const opening = options.holes
    ? fc.array(fc.oneof({ weight: 3, arbitrary: garbleArb }, faultArb, lieArb, deleteArb), { maxLength: 3 })
    : fc.array(fc.oneof(faultArb, lieArb, deleteArb), { maxLength: 2 });
  return fc.record({
    spec: worldSpecArb,
    opening,
    saved: fc.option(
      fc.record({ runMs: fc.integer({ min: MIN, max: 3 * HOUR }), gapMs: fc.integer({ min: MIN, max: 16 * DAY }) }),
      { nil: null },
    ),
    steps: fc.array(stepArb(options), { minLength: 1, maxLength: options.maxSteps ?? 12 }),
  });
}

// --------------------------------------------------------------------------------------------------- seed --

function seedOf(spec: WorldSpec): object {
  const people = [
    { id: 'usr_me', name: 'Mia Meyer', email: ME, time_zone: ZONE, role: 'owner', seat: 'member', chat_id: 'U00' },
    { id: 'usr_alice', name: 'Alice Doe', email: 'alice@example.com', role: 'admin', seat: 'member', chat_id: 'U01' },
    { id: 'usr_bob', name: 'Bob Stone', email: 'bob@example.com', role: 'standard', seat: 'member', chat_id: 'U02' },
    {
      id: 'usr_carol',
      name: 'Carol Lee',
      email: 'carol@example.com',
      role: 'standard',
      seat: 'member',
      chat_id: 'U03',
    },
  ];
  const watched = watchedIds(spec);
  return {
    api_keys: [{ key: keyOf(1), user_id: 'usr_me' }],
    users: people,
    teams: [{ id: 'tea_core', name: 'Core', description: 'Core team' }],
    schedules: POOL.map((ref, i) => {
      const s = spec.schedules[i] ?? spec.schedules[0];
      return {
        id: ref.id,
        name: ref.name,
        description: '',
        time_zone: ref.zone,
        team_ids: ['tea_core'],
        layers: [
          {
            name: 'Main',
            rotation_start: iso(spec.startMs + (s?.startOffsetH ?? 0) * HOUR),
            concurrent_oncall_users: 1,
            user_ids: s?.users ?? ['usr_alice'],
            shift_length: s?.length ?? { amount: 1, unit: 'days' },
            restriction_intervals: [],
          },
        ],
      };
    }),
    // Only on schedules watched from the start: a request on one the app doesn't watch isn't its to place.
    coverage_requests: spec.coverage.map((c, i) => {
      const startMs = spec.startMs + c.startOffsetH * HOUR;
      return {
        id: `cov_${i}`,
        user_id: c.requester,
        reason: `Reason ${i}`,
        status: c.status,
        shifts: [
          {
            start: iso(startMs),
            end: iso(startMs + c.hours * HOUR),
            schedule_id: watched[c.schedule % watched.length] ?? 'sch_platform',
          },
        ],
      };
    }),
  };
}

export function watchedIds(spec: WorldSpec): string[] {
  return spec.watched.map((i) => (POOL[i] ?? POOL[0]).id);
}

export function nameOf(id: string): string {
  return POOL.find((p) => p.id === id)?.name ?? id;
}

// -------------------------------------------------------------------------------------------------- proxy --

/** One answer the app got, as it went over the wire. */
export interface WireRecord {
  seq: number;
  atMs: number;
  method: string;
  path: string;
  query: URLSearchParams;
  /** 'reset': the connection was cut without an answer. */
  status: number | 'reset';
  /** The body as the app received it (after any lie). */
  body: string;
}

export interface Lie {
  kind: LieKind;
  route: 'listShifts' | 'listCoverageRequests';
  /** Only for paths that contain this (one schedule). */
  pathIncludes?: string;
}

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

function parseJson(text: string): unknown {
  try {
    const value: unknown = JSON.parse(text);
    return value;
  } catch {
    return undefined;
  }
}

const SHIFTS_PATH = /^\/schedules\/([^/]+)\/shifts\/$/;
const SCHEDULE_PATH = /^\/schedules\/([^/]+)$/;
const COVERAGE_PATH = /^\/user\/coverage_requests\/$/;

/** Coverage requests whose shifts end before they start (as a service may send them). */
function reversedRequests(body: string): string {
  const json = parseJson(body);
  if (!isRecord(json) || !Array.isArray(json['coverage_requests'])) return body;
  const requests = json['coverage_requests'].map((r: unknown): unknown => {
    const shifts: unknown = isRecord(r) ? r['shifts'] : undefined;
    if (!isRecord(r) || !Array.isArray(shifts)) return r;
    const list: readonly unknown[] = shifts;
    return { ...r, shifts: list.map((x) => (isRecord(x) ? { ...x, start: x['end'], end: x['start'] } : x)) };
  });
  return JSON.stringify({ ...json, coverage_requests: requests });
}

/** An empty page that keeps its total: what a service that loses the rest of a list would send. */
function emptyPage(body: string, listKey: string): string {
  const json = parseJson(body);
  if (!isRecord(json) || !Array.isArray(json[listKey])) return body;
  return JSON.stringify({ ...json, [listKey]: [] });
}

/** Shifts overlapping [fromMs, toMs) on paths that contain `pathIncludes` (all when absent) are sent unreadable. */
export interface Garble {
  fromMs: number;
  toMs: number;
  how: GarbleHow;
  pathIncludes?: string;
}

/** The shifts of a page as the service would send them garbled: a required part missing. */
function garbledShifts(body: string, path: string, garbles: readonly Garble[]): string {
  const json = parseJson(body);
  if (!isRecord(json) || !Array.isArray(json['shifts'])) return body;
  const shifts = json['shifts'].map((x: unknown) => {
    if (!isRecord(x)) return x;
    const [fromMs, toMs] = [instant(x['start']) ?? NaN, instant(x['end']) ?? NaN];
    const g = garbles.find(
      (g) => (g.pathIncludes === undefined || path.includes(g.pathIncludes)) && fromMs < g.toMs && toMs > g.fromMs,
    );
    if (!g) return x;
    const { users: _users, start: _start, end: _end, ...rest } = x;
    return g.how === 'users' ? { ...rest, start: x['start'], end: x['end'] } : { ...rest, users: x['users'] };
  });
  return JSON.stringify({ ...json, shifts });
}

export class WireProxy {
  readonly records: WireRecord[] = [];
  lie: Lie | undefined;
  garbles: Garble[] = [];
  url = '';
  private server: Server | undefined;
  private seq = 0;
  private drained = 0;

  constructor(
    private readonly target: URL,
    private readonly now: () => number,
  ) {}

  async start(): Promise<void> {
    const server = createServer((req, res) => this.handle(req, res));
    server.keepAliveTimeout = 5_000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const address = server.address();
    this.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    this.server = server;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }

  /** Records not handed out yet. */
  drain(): WireRecord[] {
    const out = this.records.slice(this.drained);
    this.drained = this.records.length;
    return out;
  }

  private record(req: IncomingMessage, status: number | 'reset', body: string): void {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    this.records.push({
      seq: ++this.seq,
      atMs: this.now(),
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      status,
      body,
    });
  }

  private lieAbout(req: IncomingMessage, status: number | undefined, body: string): string {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    if (status === 200 && this.garbles.length > 0 && SHIFTS_PATH.test(path))
      body = garbledShifts(body, path, this.garbles);
    const lie = this.lie;
    if (!lie || status !== 200) return body;
    if (lie.pathIncludes !== undefined && !path.includes(lie.pathIncludes)) return body;
    if (lie.route === 'listShifts' && SHIFTS_PATH.test(path) && lie.kind === 'emptyPage')
      return emptyPage(body, 'shifts');
    if (lie.route === 'listCoverageRequests' && COVERAGE_PATH.test(path)) {
      return lie.kind === 'emptyPage' ? emptyPage(body, 'coverage_requests') : reversedRequests(body);
    }
    return body;
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers = { ...req.headers };
      delete headers.connection;
      // A fresh upstream connection per request: a kept-alive one closed by the simulator would read as a reset.
      const up = httpRequest(
        {
          host: this.target.hostname,
          port: this.target.port,
          method: req.method,
          path: req.url,
          headers,
          agent: false,
        },
        (answer) => {
          const parts: Buffer[] = [];
          answer.on('data', (c: Buffer) => parts.push(c));
          answer.on('end', () => {
            const body = this.lieAbout(req, answer.statusCode, Buffer.concat(parts).toString('utf8'));
            const status = answer.statusCode ?? 502;
            this.record(req, status, body);
            const out: Record<string, string> = {
              'content-type': String(answer.headers['content-type'] ?? 'application/json'),
              'content-length': String(Buffer.byteLength(body)),
            };
            const retryAfter = answer.headers['retry-after'];
            if (typeof retryAfter === 'string') out['retry-after'] = retryAfter;
            res.writeHead(status, out);
            res.end(body);
          });
          answer.on('error', () => {
            this.record(req, 'reset', '');
            req.socket.destroy();
          });
        },
      );
      up.on('error', () => {
        if (res.headersSent) return;
        this.record(req, 'reset', '');
        req.socket.destroy();
      });
      up.end(Buffer.concat(chunks));
    });
  }
}

// -------------------------------------------------------------------------------------------------- truth --

export interface Span {
  fromMs: number;
  toMs: number;
}

/** A full read of a schedule's shifts: the window asked for, minus what the service sent unreadable. */
export interface FullRead {
  seq: number;
  atMs: number;
  /** The world's version of the schedule's shifts when read (moves with every change, announced or not). */
  epoch: number;
  window: Span;
  holes: Span[];
  /** The schedule answer this read was asked after (its pass's probe): an answer older than it is not its word. */
  probeSeq: number;
}

interface Walk {
  window: Span | undefined;
  collected: unknown[];
  epoch: number;
  probeSeq: number;
}

interface SourceLog {
  lastRead: FullRead | undefined;
  /** The latest instant at which the held data was known to match the world: a full read, or a probe that saw the same version. */
  lastGood: { seq: number; atMs: number } | undefined;
  lastFailureSeq: number;
  walk: Walk | undefined;
  /** The spans the latest schedule answer names people for (its current and next shifts): the service's own word
   *  over them, read as surely as the shift list when no older than it (issue 47, adv47 r34: over a hole, the app
   *  states both; after the next one's end, nothing). `seq`: the answer's place on the wire. */
  answered: { seq: number; spans: Span[] };
  /** The latest schedule answer asked (answered or not): a shifts read that follows it belongs to its pass. */
  probeSeq: number;
}

export interface CoverageRead {
  seq: number;
  atMs: number;
  items: unknown[];
}

interface CoverageLog {
  lastRead: CoverageRead | undefined;
  lastFailureSeq: number;
  walk: { collected: unknown[] } | undefined;
}

const emptySource = (): SourceLog => ({
  lastRead: undefined,
  lastGood: undefined,
  lastFailureSeq: 0,
  walk: undefined,
  answered: { seq: 0, spans: [] },
  probeSeq: 0,
});

/** Whether the spans together cover [fromMs, toMs) whole. */
function coveredBy(spans: readonly Span[], fromMs: number, toMs: number): boolean {
  let at = fromMs;
  for (const sp of [...spans].sort((x, y) => x.fromMs - y.fromMs)) if (sp.fromMs <= at && sp.toMs > at) at = sp.toMs;
  return at >= toMs;
}

/** The current and next shifts of a schedule answer where they name people, as spans (what can't be read is left out). */
function answeredSpans(schedule: Record<string, unknown>): Span[] {
  return [schedule['current_oncall_shift'], schedule['next_oncall_shift']].flatMap((x) => {
    if (!isRecord(x) || !Array.isArray(x['users']) || x['users'].length === 0) return [];
    const [fromMs, toMs] = [instant(x['start']), instant(x['end'])];
    return fromMs !== undefined && toMs !== undefined && toMs > fromMs ? [{ fromMs, toMs }] : [];
  });
}

function instant(x: unknown): number | undefined {
  if (typeof x !== 'string') return undefined;
  const ms = Date.parse(x);
  return Number.isFinite(ms) ? ms : undefined;
}

/** A shift window that can be placed: both instants readable, the end after the start. */
function readableWindow(x: unknown): boolean {
  if (!isRecord(x)) return false;
  const [fromMs, toMs] = [instant(x['start']), instant(x['end'])];
  return fromMs !== undefined && toMs !== undefined && toMs > fromMs;
}

/**
 * What in a window a list of shifts leaves unknown: each unreadable entry's own start and end where those can be
 * read, else up to its readable neighbours (the window's edges without one): the service lists shifts by start, so
 * nothing else lies between. An entry whose times make no span leaves the whole window unknown.
 */
function holesOf(items: readonly unknown[], window: Span): Span[] {
  const spans = items.map((item) => {
    if (!isRecord(item) || !Array.isArray(item['users'])) return undefined;
    const [fromMs, toMs] = [instant(item['start']), instant(item['end'])];
    return fromMs !== undefined && toMs !== undefined && toMs > fromMs ? { fromMs, toMs } : undefined;
  });
  const holes: Span[] = [];
  spans.forEach((span, i) => {
    if (span) return;
    const item = items[i];
    const own = isRecord(item) ? { fromMs: instant(item['start']), toMs: instant(item['end']) } : {};
    const before = spans
      .slice(0, i)
      .reverse()
      .find((s) => s !== undefined);
    const after = spans.slice(i + 1).find((s) => s !== undefined);
    const fromMs = own.fromMs ?? before?.toMs ?? window.fromMs;
    const toMs = own.toMs ?? after?.fromMs ?? window.toMs;
    holes.push(toMs > fromMs ? { fromMs, toMs } : window);
  });
  return holes;
}

function pageOf(record: WireRecord, listKey: string): { items: unknown[]; total: number } | undefined {
  if (record.status !== 200) return undefined;
  const json = parseJson(record.body);
  if (!isRecord(json)) return undefined;
  const items = json[listKey];
  const meta = json['meta'];
  if (!Array.isArray(items) || !isRecord(meta) || typeof meta['total'] !== 'number') return undefined;
  return { items, total: meta['total'] };
}

/**
 * What the app could know, from what it was answered: per schedule its last full read of shifts (window, holes),
 * the last instant that data was known to match the world, and whether anything failed since; the same for the
 * coverage list. "Fresh" uses the app's stated allowances (two idle intervals; the coverage list's cadence on top).
 */
export class Truth {
  private readonly sources = new Map<string, SourceLog>();
  private readonly coverage: CoverageLog = { lastRead: undefined, lastFailureSeq: 0, walk: undefined };
  /** Per schedule, the world's version of its shifts: every override that changes who is on call moves it. */
  readonly epochs = new Map<string, number>();

  readonly ids: string[] = [];

  constructor(
    ids: readonly string[],
    readonly idleIntervalSec: number,
  ) {
    for (const id of ids) this.watch(id);
  }

  /** A schedule the app watches (from now on). */
  watch(id: string): void {
    if (!this.ids.includes(id)) this.ids.push(id);
  }

  get staleAfterMs(): number {
    return 2 * this.idleIntervalSec * 1000;
  }

  /** The coverage list is read every ⌈1 / (0.15 · schedules)⌉ idle intervals; it may be that much older, plus two intervals. */
  get coverageStaleAfterMs(): number {
    const every = Math.max(1, Math.ceil(1 / (0.15 * Math.max(1, this.ids.length)) - 1e-9));
    return (every + 2) * this.idleIntervalSec * 1000;
  }

  changed(id: string): void {
    this.epochs.set(id, (this.epochs.get(id) ?? 0) + 1);
  }

  ingest(records: readonly WireRecord[]): void {
    for (const r of records) {
      if (r.method !== 'GET') continue;
      const shifts = SHIFTS_PATH.exec(r.path);
      const probe = SCHEDULE_PATH.exec(r.path);
      if (shifts?.[1] !== undefined) this.shiftsPage(shifts[1], r);
      else if (probe?.[1] !== undefined) this.probe(probe[1], r);
      else if (COVERAGE_PATH.test(r.path)) this.coveragePage(r);
    }
  }

  // Answers about schedules the app doesn't watch are read too: it may watch them later, and the service said what it said.
  private source(id: string): SourceLog {
    const known = this.sources.get(id);
    if (known) return known;
    const fresh = emptySource();
    this.sources.set(id, fresh);
    return fresh;
  }

  private probe(id: string, r: WireRecord): void {
    const s = this.source(id);
    s.probeSeq = r.seq;
    const json = r.status === 200 ? parseJson(r.body) : undefined;
    if (!isRecord(json) || !isRecord(json['schedule'])) {
      s.lastFailureSeq = r.seq;
      return;
    }
    s.answered = { seq: r.seq, spans: answeredSpans(json['schedule']) };
    // The service answered and nothing changed since the shifts were read: they still hold.
    if (s.lastRead && s.lastRead.epoch === (this.epochs.get(id) ?? 0)) s.lastGood = { seq: r.seq, atMs: r.atMs };
  }

  private shiftsPage(id: string, r: WireRecord): void {
    const s = this.source(id);
    const pageNumber = Number(r.query.get('page') ?? '1');
    const [fromMs, toMs] = [instant(r.query.get('from')), instant(r.query.get('to'))];
    if (pageNumber === 1)
      s.walk = {
        window: fromMs !== undefined && toMs !== undefined ? { fromMs, toMs } : undefined,
        collected: [],
        epoch: this.epochs.get(id) ?? 0,
        probeSeq: s.probeSeq,
      };
    const walk = s.walk;
    const page = pageOf(r, 'shifts');
    if (!walk || !page) {
      s.lastFailureSeq = r.seq;
      return;
    }
    walk.collected.push(...page.items);
    if (walk.collected.length < page.total) {
      // An empty page before the total: the list stopped short, and what was read is not all of it.
      if (page.items.length === 0) {
        s.lastFailureSeq = r.seq;
        s.walk = undefined;
      }
      return;
    }
    s.walk = undefined;
    if (!walk.window) return;
    s.lastRead = {
      seq: r.seq,
      atMs: r.atMs,
      epoch: walk.epoch,
      window: walk.window,
      holes: holesOf(walk.collected, walk.window),
      probeSeq: walk.probeSeq,
    };
    // Read before the world changed again: it holds as of now only if no change came in between.
    if (walk.epoch === (this.epochs.get(id) ?? 0)) s.lastGood = { seq: r.seq, atMs: r.atMs };
  }

  private coveragePage(r: WireRecord): void {
    const c = this.coverage;
    if (Number(r.query.get('page') ?? '1') === 1) c.walk = { collected: [] };
    const walk = c.walk;
    const page = pageOf(r, 'coverage_requests');
    if (!walk || !page) {
      c.lastFailureSeq = r.seq;
      return;
    }
    walk.collected.push(...page.items);
    if (walk.collected.length < page.total) {
      if (page.items.length === 0) {
        c.lastFailureSeq = r.seq;
        c.walk = undefined;
      }
      return;
    }
    c.walk = undefined;
    c.lastRead = { seq: r.seq, atMs: r.atMs, items: walk.collected };
  }

  /** The last full read of a schedule's shifts (saved data, however old), if any. */
  lastRead(id: string): FullRead | undefined {
    return this.sources.get(id)?.lastRead;
  }

  /** Whether the last full read covers [fromMs, toMs) (an instant when equal) with no unreadable part in it; with
   *  `answered`, a hole the latest schedule answer names people over counts as read (never for "nobody"), when that
   *  answer is no older than the read (its own pass's, or later): an older one spoke before the read did. */
  covers(id: string, fromMs: number, toMs = fromMs, answered = true): boolean {
    const read = this.lastRead(id);
    if (!read) return false;
    const end = Math.max(toMs, fromMs + 1);
    if (read.window.fromMs > fromMs || read.window.toMs < end) return false;
    // A hole the latest schedule answer names people over is read there (issue 47).
    const answer = this.sources.get(id)?.answered;
    const spans = answered && answer && answer.seq >= read.probeSeq ? answer.spans : [];
    return !read.holes.some((h) => {
      const [a, b] = [Math.max(h.fromMs, fromMs), Math.min(h.toMs, end)];
      return a < b && !coveredBy(spans, a, b);
    });
  }

  /** Known to match the world within the allowance, with nothing failing since. */
  fresh(id: string, nowMs: number): boolean {
    const s = this.sources.get(id);
    if (!s?.lastGood) return false;
    return s.lastGood.seq > s.lastFailureSeq && nowMs - s.lastGood.atMs <= this.staleAfterMs;
  }

  /** Fresh, and covering now to the horizon whole: "no shift of yours in the next 14 days" may be said plainly of it. */
  freshToHorizon(id: string, nowMs: number): boolean {
    return this.fresh(id, nowMs) && this.covers(id, nowMs, nowMs + HORIZON_DAYS * DAY);
  }

  coverageRead(): CoverageRead | undefined {
    return this.coverage.lastRead;
  }

  coverageFresh(nowMs: number): boolean {
    const read = this.coverage.lastRead;
    return !!read && read.seq > this.coverage.lastFailureSeq && nowMs - read.atMs <= this.coverageStaleAfterMs;
  }

  /**
   * Requests in the last full read that keep "none pending" from being said: pending ones not over yet, and
   * entries that can't be read as anything but pending.
   */
  coverageOpen(nowMs: number): number {
    const read = this.coverage.lastRead;
    if (!read) return 0;
    return read.items.filter((item) => {
      if (!isRecord(item)) return true;
      const status = item['status'];
      if (typeof status === 'string' && status !== 'pending') return false;
      if (typeof status !== 'string') return true;
      const shifts = item['shifts'];
      if (!Array.isArray(shifts) || shifts.some((s) => !readableWindow(s))) return true;
      return shifts.length === 0 || shifts.some((s) => isRecord(s) && (instant(s['end']) ?? Infinity) > nowMs);
    }).length;
  }

  /** Entries of the last full read that can't be read as a request (no status, or a pending one without readable shifts). */
  coverageUnreadable(): number {
    const read = this.coverage.lastRead;
    if (!read) return 0;
    return read.items.filter((item) => {
      if (!isRecord(item) || typeof item['status'] !== 'string' || typeof item['id'] !== 'string') return true;
      if (item['status'] !== 'pending') return false;
      const shifts = item['shifts'];
      return !Array.isArray(shifts) || shifts.some((s) => !readableWindow(s));
    }).length;
  }

  /** A short account of what is known, for failure reports. */
  describe(nowMs: number): string {
    const at = (ms: number | undefined) => (ms === undefined ? '-' : iso(ms));
    const lines = this.ids.map((id) => {
      const s = this.sources.get(id);
      const read = s?.lastRead;
      const window = read
        ? `${at(read.window.fromMs)}..${at(read.window.toMs)}${read.holes.length > 0 ? ` holes ${read.holes.map((h) => `${at(h.fromMs)}..${at(h.toMs)}`).join(',')}` : ''}`
        : 'never read';
      return `  ${id}: read ${at(read?.atMs)} [${window}] good ${at(s?.lastGood?.atMs)} fresh=${this.fresh(id, nowMs)} toHorizon=${this.freshToHorizon(id, nowMs)} coversNow=${this.covers(id, nowMs)}`;
    });
    const c = this.coverage.lastRead;
    lines.push(`  coverage: read ${at(c?.atMs)} fresh=${this.coverageFresh(nowMs)} open=${this.coverageOpen(nowMs)}`);
    return lines.join('\n');
  }
}

// -------------------------------------------------------------------------------------------------- world --

const FAULTS: Record<FaultKind, Fault> = {
  '503': { status: 503 },
  '500-text': { status: 500, body: 'upstream exploded' },
  malformed: { malformedJson: true },
  badSchema: { badSchema: true },
  reset: { reset: true },
  '429-short': { status: 429, retryAfter: '2' },
  '429-long': { status: 429, retryAfter: '900' },
  '404': { status: 404, body: { message: 'Schedule not found' } },
  '401': { status: 401, body: { message: 'Invalid API key' } },
};

export class HostileWorld {
  engine: Engine | undefined;
  readonly truth: Truth;
  readonly ids: string[];
  /** What happened, step by step, for failure reports. */
  readonly journal: string[] = [];
  private readonly deleted = new Map<string, ScheduleState>();
  private keyCount = 1;
  private overrideCount = 0;
  /** After a sleep without a resume event, let the app's timers catch up before the world is looked at again. */
  noticeSilentWake = true;

  private constructor(
    readonly spec: WorldSpec,
    readonly h: Harness,
    readonly proxy: WireProxy,
  ) {
    this.truth = new Truth(watchedIds(spec), spec.idleIntervalSec);
    this.ids = this.truth.ids;
  }

  static async create(spec: WorldSpec): Promise<HostileWorld> {
    const h = await createHarness({ startMs: spec.startMs, seed: seedOf(spec) });
    const proxy = new WireProxy(new URL(h.sim.url), () => h.clock.now());
    await proxy.start();
    const world = new HostileWorld(spec, h, proxy);
    await h.files.writeAtomic(
      'settings.json',
      JSON.stringify({
        version: 1,
        baseUrl: proxy.url,
        email: ME,
        schedules: world.ids.map((id) => ({ id })),
        refresh: { idleIntervalSec: spec.idleIntervalSec, nearIntervalSec: 60, nearWindowMin: 30 },
      }),
    );
    await h.secrets.set(new URL(proxy.url).host, keyOf(1));
    return world;
  }

  now(): number {
    return this.h.clock.now();
  }

  state(): AppState {
    if (!this.engine) throw new Error('the app is not running');
    return this.engine.getState();
  }

  /** Hands the wire record so far to the truth (before the world changes, so each answer is matched to its world). */
  observe(): void {
    this.truth.ingest(this.proxy.drain());
  }

  async start(): Promise<void> {
    // Client retries don't wait in real time (the fake clock governs every other wait).
    this.engine = this.h.engine({ client: { sleep: async () => undefined }, alarms: false });
    await this.engine.start();
    await this.h.clock.advance(0);
    this.observe();
  }

  async close(): Promise<void> {
    await this.engine?.stop();
    await this.h.close();
    await this.proxy.close();
  }

  private id(ref: number): string {
    return this.ids[ref % this.ids.length] ?? this.ids[0] ?? 'sch_platform';
  }

  async run(step: Step): Promise<void> {
    this.observe();
    this.journal.push(`${iso(this.now())} ${JSON.stringify(step)}`);
    const { h } = this;
    switch (step.kind) {
      case 'advance':
        await h.clock.advance(step.ms);
        break;
      case 'sleep': {
        if (step.resume) this.engine?.power('suspend');
        await h.clock.settle();
        const pending = h.clock.pendingDueMs();
        h.clock.sleep(step.ms);
        if (step.resume) this.engine?.power('resume');
        await h.clock.advance(0);
        // Without a resume event the app learns of the sleep only from its timers, which the sleep pushed back. What
        // it shows before they ran is the 'silent wake' counterexample (knowledge-property.test.ts); the property
        // looks once every timer that was pending before the sleep has run.
        const last = pending.at(-1);
        if (!step.resume && this.noticeSilentWake && last !== undefined) await h.clock.advanceTo(last + step.ms);
        break;
      }
      case 'closed':
        await this.engine?.stop();
        this.engine = undefined;
        await h.clock.advance(step.ms);
        await this.start();
        break;
      case 'fault': {
        const fault: Fault = { ...FAULTS[step.fault] };
        if (step.schedule !== null && step.route !== 'listCoverageRequests')
          fault.pathIncludes = `/schedules/${this.id(step.schedule)}`;
        if (step.page2 && (step.route === 'listShifts' || step.route === 'listCoverageRequests'))
          fault.query = { page: '2' };
        if (step.times !== null) fault.times = step.times;
        h.sim.faults.set(step.route, fault);
        break;
      }
      case 'clear':
        h.sim.faults.clear();
        break;
      case 'delete': {
        const id = this.id(step.schedule);
        const schedule = h.sim.state.schedules.get(id);
        if (schedule) {
          this.deleted.set(id, schedule);
          h.sim.state.deleteSchedule(id);
        }
        break;
      }
      case 'restore':
        for (const [id, schedule] of this.deleted) h.sim.state.schedules.set(id, schedule);
        this.deleted.clear();
        break;
      case 'revoke':
        for (let n = 1; n <= this.keyCount; n++) h.sim.state.revokeKey(keyOf(n));
        break;
      case 'newKey': {
        const key = keyOf(++this.keyCount);
        h.sim.state.addKey(key, 'usr_me');
        if (this.engine) await this.engine.handlers['key:set']({ accountId: MAIN_ACCOUNT_ID, key });
        await h.clock.advance(0);
        break;
      }
      case 'override': {
        const id = this.id(step.schedule);
        const schedule = h.sim.state.schedules.get(id);
        const users = schedule?.layers.flatMap((l) => [...l.userIds]) ?? [];
        const user = users[step.user % Math.max(1, users.length)];
        if (!schedule || user === undefined) break;
        const startMs = Math.floor(this.now() / MIN) * MIN + step.startH * HOUR;
        const window = { startMs, endMs: startMs + step.hours * HOUR, userIds: [user] };
        // Who is on call when, as the service's own rotation engine says, around everything the app may hold.
        const onCall = () => JSON.stringify(timeline(schedule, this.now() - 30 * DAY, this.now() + 30 * DAY));
        const before = onCall();
        if (step.silent) schedule.overrides.push({ id: `ovr_silent${++this.overrideCount}`, ...window });
        else h.sim.state.addOverride(id, window, this.now());
        if (onCall() !== before) this.truth.changed(id);
        break;
      }
      case 'lie':
        this.proxy.lie = {
          kind: step.lie,
          route: step.route,
          ...(step.schedule !== null && step.route === 'listShifts'
            ? { pathIncludes: `/schedules/${this.id(step.schedule)}/` }
            : {}),
        };
        break;
      case 'truthful':
        this.proxy.lie = undefined;
        break;
      case 'garble': {
        const fromMs = Math.floor(this.now() / MIN) * MIN + step.startH * HOUR;
        this.proxy.garbles.push({
          fromMs,
          toMs: fromMs + step.hours * HOUR,
          how: step.how,
          ...(step.schedule !== null ? { pathIncludes: `/schedules/${this.id(step.schedule)}/` } : {}),
        });
        break;
      }
      case 'mend':
        this.proxy.garbles = [];
        break;
      case 'refresh':
        if (this.engine) await this.engine.handlers['sync:refresh'](null);
        await h.clock.advance(0);
        break;
      case 'network':
        this.engine?.network(step.online);
        await h.clock.advance(0);
        break;
      case 'watch': {
        const id = (POOL[step.pool] ?? POOL[0]).id;
        if (this.ids.includes(id) || !this.engine) break;
        const updated = await this.engine.handlers['settings:update']({
          account: { id: MAIN_ACCOUNT_ID, schedules: [...this.ids, id].map((x) => ({ id: x })) },
        });
        if (updated.ok) this.truth.watch(id);
        await h.clock.advance(0);
        break;
      }
    }
    this.observe();
  }
}

/** Runs a world from its start, calling `check` at the start and after every step. */
export async function runWorld(
  world: World,
  check: (w: HostileWorld, after: string) => void | Promise<void>,
): Promise<void> {
  const w = await HostileWorld.create(world.spec);
  w.noticeSilentWake = world.wakeUnnoticed !== true;
  try {
    for (const step of world.opening) await w.run(step);
    await w.start();
    await check(w, 'start');
    if (world.saved) {
      await w.run({ kind: 'advance', ms: world.saved.runMs });
      await check(w, 'first run');
      await w.run({ kind: 'closed', ms: world.saved.gapMs });
      await check(w, 'restart over the saved cache');
    }
    for (const [i, step] of world.steps.entries()) {
      await w.run(step);
      await check(w, `step ${i}: ${JSON.stringify(step)}`);
    }
  } finally {
    await w.close();
  }
}
