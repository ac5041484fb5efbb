// Issue 39's generated worlds: quiet hours and pauses, each schedule's own reminder choice, changes others make
// (often during quiet time) and sleeps, played through the real engine, simulator and a fake clock. What happened
// is recorded (every notification, the tray's pause label when a pause is set, each change with my blocks before
// and after, read from the simulator); ./quiet-oracle judges it without the app's code.
import { DateTime } from 'luxon';
import type { Engine } from '../../../electron/core/engine/types';
import { buildTrayMenu } from '../../../electron/core/state/tray-menu';
import { createHarness, seedSettings, type Harness, type Shown } from './engine-harness';
import { ME, seedOf } from './seeds';
import { myBlocks, type Block } from './truth';
import { jsonObject } from '../../support/json';
import { MIN, HOUR } from '../../support/time';
export { MIN, HOUR };
import { trayLabels } from './tray-labels';

export const ZONE = 'Europe/Berlin';
/** Tue 10 March 2026, 11:00 Berlin; a world runs 36 h from here. */
export const T0 = Date.parse('2026-03-10T10:00:00Z');
export const END = T0 + 36 * HOUR;
export const REFRESH = { idleIntervalSec: 900, nearIntervalSec: 300, nearWindowMin: 30 };
/** The slowest the app may be to read a change: the idle refresh, plus slack for a read and its retry. */
export const LEARN_MS = REFRESH.idleIntervalSec * 1000 + 3 * MIN;
/** Night desk: me 03:00–11:00 Berlin every day; Swing desk: 5-h shifts, me every 15 h (a start at any hour). */
export const SCHEDULES = ['sch_night', 'sch_swing'] as const;
const seed = () =>
  seedOf([
    {
      id: 'sch_night',
      name: 'Night desk',
      zone: ZONE,
      rotationStart: '2026-03-01T02:00:00Z',
      userIds: ['usr_me', 'usr_alice', 'usr_bob'],
      length: { amount: 8, unit: 'hours' },
    },
    {
      id: 'sch_swing',
      name: 'Swing desk',
      zone: ZONE,
      rotationStart: '2026-03-01T00:00:00Z',
      userIds: ['usr_me', 'usr_alice', 'usr_bob'],
      length: { amount: 5, unit: 'hours' },
    },
  ]);

export interface Choice {
  leadTimesMin: number[];
  atStart: boolean;
  atEnd: boolean;
  shiftChanges: boolean;
}
export interface Quiet {
  start: string;
  end: string;
  /** ISO weekdays their evening begins on; empty: every day. */
  days: number[];
}
export type Event =
  | { kind: 'pause'; atMs: number; lengthMin: number }
  | { kind: 'sleep'; atMs: number; lengthMin: number; resume: boolean }
  | {
      kind: 'change';
      atMs: number;
      how: 'remove' | 'cut' | 'add' | 'move';
      schedule: number;
      /** Which of my blocks ending after now (0: the first). */
      pick: number;
      offsetMin: number;
    };
export interface QuietWorld {
  jitterSeed: number;
  quiet: Quiet;
  choices: [Choice, Choice];
  events: Event[];
}

export interface Interval {
  fromMs: number;
  toMs: number;
}
export interface ChangeDone {
  atMs: number;
  scheduleId: string;
  label: string;
  before: Block[];
  after: Block[];
}
export interface Played {
  world: QuietWorld;
  shown: Shown[];
  sleeps: Interval[];
  pauses: (Interval & { label: string })[];
  changes: ChangeDone[];
  /** My blocks as first read (before any change). */
  first: Block[];
  /** Every version of my blocks, the first included. */
  versions: Block[][];
  log: string[];
}

const iso = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z');
const truth = (h: Harness) => myBlocks(h.sim, [...SCHEDULES], ME, T0 - 2 * 24 * HOUR, END + 3 * 24 * HOUR);

async function writeSettings(h: Harness, w: QuietWorld): Promise<void> {
  await seedSettings(h, { email: ME, scheduleIds: [...SCHEDULES], refresh: REFRESH });
  const settings = jsonObject((await h.files.read('settings.json')) ?? '{}');
  const list = Array.isArray(settings['accounts']) ? settings['accounts'] : [];
  const accounts = list.map((a) => ({
    ...jsonObject(JSON.stringify(a)),
    schedules: SCHEDULES.map((id, i) => ({ id, reminders: { ...w.choices[i], coverageRequests: true } })),
  }));
  const quietHours = { enabled: true, ...w.quiet };
  await h.files.writeAtomic('settings.json', JSON.stringify({ ...settings, accounts, quietHours }));
}

/** The overrides a change makes, from my blocks now; undefined when it has nothing to act on. */
function overridesOf(e: Extract<Event, { kind: 'change' }>, blocks: Block[], nowMs: number) {
  const sid = SCHEDULES[e.schedule] ?? 'sch_night';
  const mine = blocks.filter((b) => b.scheduleId === sid && b.endMs > nowMs + 30 * MIN);
  const b = mine[Math.min(e.pick, mine.length - 1)];
  const alice = (startMs: number, endMs: number) => ({ startMs, endMs, userIds: ['usr_alice'] });
  const me = (startMs: number, endMs: number) => ({ startMs, endMs, userIds: ['usr_me'] });
  const addAt = Math.ceil((nowMs + e.offsetMin * MIN) / (15 * MIN)) * 15 * MIN;
  if (e.how === 'add') return { sid, list: [me(addAt, addAt + 3 * HOUR)] };
  if (!b) return undefined;
  if (e.how === 'remove') return { sid, list: [alice(b.startMs, b.endMs)] };
  if (e.how === 'cut') {
    const mid = Math.max(nowMs + 15 * MIN, b.startMs + (b.endMs - b.startMs) / 2);
    return { sid, list: [alice(Math.ceil(mid / (15 * MIN)) * 15 * MIN, b.endMs)] };
  }
  return { sid, list: [alice(b.startMs, b.endMs), me(b.startMs + 2 * HOUR, b.endMs + 2 * HOUR)] };
}

async function change(h: Harness, e: Extract<Event, { kind: 'change' }>, p: Played): Promise<void> {
  const before = p.versions[p.versions.length - 1] ?? [];
  const o = overridesOf(e, before, h.clock.now());
  if (!o) return;
  for (const window of o.list) h.sim.state.addOverride(o.sid, window, h.clock.now());
  const after = await truth(h);
  p.versions.push(after);
  const label = `${e.how} on ${o.sid}: ${o.list.map((x) => `${x.userIds[0]} ${iso(x.startMs)}–${iso(x.endMs)}`).join(', ')}`;
  p.changes.push({ atMs: h.clock.now(), scheduleId: o.sid, label, before, after });
  p.log.push(`${iso(h.clock.now())} change ${label}`);
}

async function pause(h: Harness, engine: Engine, e: Extract<Event, { kind: 'pause' }>, p: Played): Promise<void> {
  const fromMs = h.clock.now();
  const toMs = fromMs + e.lengthMin * MIN;
  // A new pause replaces the one running: that one ends now.
  for (const before of p.pauses) before.toMs = Math.min(before.toMs, fromMs);
  await engine.handlers['settings:update']({ pausedUntil: iso(toMs) });
  await h.clock.advance(0);
  const labels = trayLabels(buildTrayMenu(engine.getState(), h.clock.now(), ZONE));
  const label = labels.find((l) => l.startsWith('Notifications paused until')) ?? '(no pause label)';
  p.pauses.push({ fromMs, toMs, label });
  p.log.push(`${iso(fromMs)} pause until ${iso(toMs)}: ${label}`);
}

async function sleep(h: Harness, engine: Engine, e: Extract<Event, { kind: 'sleep' }>, p: Played): Promise<void> {
  const fromMs = h.clock.now();
  if (e.resume) engine.power('suspend');
  await h.clock.settle();
  h.clock.sleep(e.lengthMin * MIN);
  p.sleeps.push({ fromMs, toMs: h.clock.now() });
  p.log.push(`${iso(fromMs)} sleep ${e.lengthMin} min (${e.resume ? 'resume event' : 'no resume event'})`);
  if (e.resume) engine.power('resume');
  await h.clock.advance(0);
}

/** Plays a world to its end; the caller judges what was recorded. */
export async function play(w: QuietWorld): Promise<Played> {
  const h = await createHarness({ startMs: T0, seed: seed(), jitterSeed: w.jitterSeed });
  const p: Played = {
    world: w,
    shown: h.notifier.shown,
    sleeps: [],
    pauses: [],
    changes: [],
    first: [],
    versions: [],
    log: [],
  };
  try {
    await writeSettings(h, w);
    p.first = await truth(h);
    p.versions.push(p.first);
    const engine = h.engine({ alarms: false });
    await engine.start();
    for (const e of [...w.events].sort((a, b) => a.atMs - b.atMs)) {
      await h.clock.advanceTo(Math.max(e.atMs, h.clock.now()));
      if (e.kind === 'change') await change(h, e, p);
      else if (e.kind === 'pause') await pause(h, engine, e, p);
      else await sleep(h, engine, e, p);
    }
    await h.clock.advanceTo(END);
    return p;
  } finally {
    await h.close();
  }
}

/** Berlin wall time, for failure texts. */
export const berlin = (ms: number): string => DateTime.fromMillis(ms, { zone: ZONE }).toFormat('ccc HH:mm');
