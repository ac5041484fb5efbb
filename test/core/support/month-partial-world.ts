// The second world of the month simulation (issue 18, "How it is proven"): partial outages through the
// simulator's per-route faults (details answer while shifts fail, shifts answer while details fail, the coverage
// list failing alone, one schedule failing alone via `pathIncludes`), short sleeps ending a few minutes after a
// lead and within a minute of a start, overrides by others while the service fails, a service whose
// `current_revision` never moves, and a fresh install started mid-day. It extends the first world (month-world.ts)
// and adds an oracle for what the first one does not judge (month-oracle.ts judges the rest): statements from
// stale data that don't say so, false statements whatever the app could know, dropped leads, and a first run that
// tells of the past. Expected messages come from the simulator's own shift lists, never from the app's code.
import { createClient } from '../../../electron/api/client';
import type { Fault, RouteName } from '../../../electron/simulator/faults';
import type { Harness } from './engine-harness';
import { parseId, type Figure, type Verdict } from './month-oracle';
import {
  HOUR,
  iso,
  MIN,
  World,
  type Change,
  type Interval,
  type OverrideSpec,
  type Seen,
  type Version,
  type WorldOptions,
} from './month-world';
import type { Block } from './truth';

export type PartialKind = 'shiftsFail' | 'detailsFail' | 'coverageFail';

export interface PartialOutage extends Interval {
  kind: PartialKind;
  /** One schedule only (the fault's `pathIncludes`); all schedules when absent. */
  scheduleId: string | undefined;
}

const ROUTE: Record<PartialKind, RouteName> = {
  shiftsFail: 'listShifts',
  detailsFail: 'getSchedule',
  coverageFail: 'listCoverageRequests',
};

/** Shifts of one schedule over `span` sent unreadable (a hole for the app) from `fromMs` to `toMs`. */
export interface HoleEpisode extends Interval {
  scheduleId: string;
  span: Interval;
}

export class PartialWorld extends World {
  readonly partials: PartialOutage[] = [];
  /** What the app was sent unreadable, and when (whole shifts: see `reopenHoles`). */
  readonly holes: HoleEpisode[] = [];
  private readonly openHoles: HoleEpisode[] = [];
  /** The spans the test asked to send unreadable, until `holeEnd`. */
  private readonly asked: { scheduleId: string; span: Interval }[] = [];
  private readonly active = new Map<
    RouteName,
    { fault: Fault; fromMs: number; kind: PartialKind; scheduleId: string | undefined }
  >();

  constructor(h: Harness, options: WorldOptions) {
    super(h, options);
  }

  /** One route fails (HTTP 500), for every schedule or for one (`pathIncludes`), until `partialEnd`. */
  async partialBegin(kind: PartialKind, scheduleId?: string): Promise<void> {
    await this.h.clock.settle();
    const route = ROUTE[kind];
    const fault: Fault = {
      status: 500,
      ...(scheduleId === undefined ? {} : { pathIncludes: `/schedules/${scheduleId}` }),
    };
    this.active.set(route, { fault, fromMs: this.now(), kind, scheduleId });
    this.h.sim.faults.set(route, fault);
  }

  async partialEnd(kind: PartialKind): Promise<void> {
    await this.h.clock.settle();
    const route = ROUTE[kind];
    const a = this.active.get(route);
    if (!a) return;
    this.active.delete(route);
    this.h.sim.faults.clear(route);
    const span: PartialOutage = { fromMs: a.fromMs, toMs: this.now(), kind, scheduleId: a.scheduleId };
    this.partials.push(span);
    // Shifts that cannot be read, for every schedule, are what the first oracle calls an outage (details failing
    // means no shifts are read either: the sync reads shifts only after the details answered).
    if (a.scheduleId === undefined && kind !== 'coverageFail') {
      this.outages.push({ fromMs: span.fromMs, toMs: span.toMs, kind: 'http500' });
      this.wakes.push({
        kind: 'reconnect',
        atMs: this.now(),
        order: this.rec.tick(),
        away: { fromMs: span.fromMs, toMs: span.toMs },
      });
    }
    await this.h.clock.advance(0);
  }

  /** From now on the service sends this schedule's shifts over `span` unreadable, until `holeEnd`. */
  async holeBegin(scheduleId: string, span: Interval): Promise<void> {
    await this.h.clock.settle();
    this.h.sim.unreadable.add(scheduleId, span);
    this.asked.push({ scheduleId, span });
    await this.reopenHoles();
  }

  async holeEnd(): Promise<void> {
    await this.h.clock.settle();
    this.h.sim.unreadable.clear();
    this.asked.splice(0);
    for (const x of this.openHoles.splice(0)) this.holes.push({ ...x, toMs: this.now() });
    await this.h.clock.advance(0);
  }

  /**
   * What the app is sent unreadable is every whole shift overlapping a span, as the service lists them (people's
   * back-to-back shifts joined): recorded from the service's own list, again after each change.
   */
  private async reopenHoles(): Promise<void> {
    for (const x of this.openHoles.splice(0)) this.holes.push({ ...x, toMs: this.now() });
    for (const { scheduleId, span } of this.asked) {
      const extent = await this.shiftsOver(scheduleId, span);
      if (extent) this.openHoles.push({ scheduleId, span: extent, fromMs: this.now(), toMs: Infinity });
    }
  }

  private async shiftsOver(scheduleId: string, span: Interval): Promise<Interval | undefined> {
    const client = createClient({ baseUrl: this.h.sim.url, getApiKey: () => this.h.sim.apiKey });
    try {
      const r = await this.lifted(() =>
        client.listAllShifts(scheduleId, { from: iso(span.fromMs), to: iso(span.toMs) }),
      );
      const shifts = r.ok ? r.value.shifts : [];
      if (shifts.length === 0) return undefined;
      return {
        fromMs: Math.min(...shifts.map((x) => Date.parse(x.start))),
        toMs: Math.max(...shifts.map((x) => Date.parse(x.end))),
      };
    } finally {
      client.close();
    }
  }

  override async change(label: string, overrides: OverrideSpec[]): Promise<Change> {
    const c = await super.change(label, overrides);
    if (this.asked.length > 0) await this.reopenHoles();
    return c;
  }

  /** The spans of `scheduleId` sent unreadable at `atMs` (ended episodes and the open ones). */
  holesAt(scheduleId: string, atMs: number): Interval[] {
    return [...this.holes, ...this.openHoles]
      .filter((x) => x.scheduleId === scheduleId && x.fromMs <= atMs && atMs < x.toMs)
      .map((x) => x.span);
  }

  /** The truth is read with the route faults and unreadable shifts lifted (the test reads, not the app). */
  override async readTruth(): Promise<Block[]> {
    return this.lifted(() => super.readTruth());
  }

  private async lifted<T>(work: () => Promise<T>): Promise<T> {
    const lifted = [...this.active];
    const unreadable = this.h.sim.unreadable.all();
    for (const [route] of lifted) this.h.sim.faults.clear(route);
    this.h.sim.unreadable.clear();
    try {
      return await this.withoutFaults(work);
    } finally {
      for (const [route, a] of lifted) this.h.sim.faults.set(route, a.fault);
      for (const [id, spans] of unreadable) for (const span of spans) this.h.sim.unreadable.add(id, span);
    }
  }
}

// ---------------------------------------------------------------------------------------------- the oracle --

export interface PartialOracleOptions {
  judgeFromMs: number;
  judgeToMs: number;
  /** The app's own allowance (2 refresh intervals): a plain statement must rest on shifts read this recently. */
  staleAfterMs: number;
  /** How long after a wake the app may take to hear from the service. */
  settleMs: number;
  /** The same after a wake without a resume event (the app sees it from the clock): the refresh interval + slack. */
  learnMs: number;
  onTimeMs: number;
  leadsMin: number[];
  /** The first start of the app (a fresh install). */
  firstStartMs: number;
  /** Until when the app may not know of a change (the first oracle's rule: reachable for a refresh, backoff). */
  pendingUntil: (c: Change) => number;
}

const SAVED = /^According to saved data/;
const overlaps = (a: Interval, b: Interval): boolean => a.fromMs < b.toMs && b.fromMs < a.toMs;

/** The time a shift message is about: its block in the truth, else the instant its id names. */
function timeOf(p: ReturnType<typeof parseId>, truth: Block[]): Interval {
  const atMs = p.kind === 'end' ? p.endMs : p.kind === 'lead' || p.kind === 'start' ? p.startMs : 0;
  const b = truth.find((x) => (p.kind === 'end' ? x.endMs === atMs : x.startMs === atMs));
  return b ? { fromMs: b.startMs, toMs: b.endMs } : { fromMs: atMs - 1, toMs: atMs + 1 };
}

const fmt = (ms: number): string => `${iso(ms).slice(5, 16)}Z`;

export function judgePartial(world: PartialWorld, o: PartialOracleOptions): Verdict {
  const shown = world.rec.shown;
  const failures = new Map<string, string[]>();
  const figures: Figure[] = [];
  const fail = (category: string, message: string): void => {
    failures.set(category, [...(failures.get(category) ?? []), message]);
  };
  const describe = (m: Seen): string => `${fmt(m.atMs)} ${m.id} "${m.title}" — ${m.body}`;
  const empty: Version = { order: 0, atMs: 0, blocks: [] };
  const versionAtOrder = (order: number): Version => {
    let v = world.versions[0] ?? empty;
    for (const x of world.versions) if (x.order < order) v = x;
    return v;
  };
  const latest = world.versions.at(-1) ?? empty;
  const blocksOn = (v: Version, sid: string): Block[] => v.blocks.filter((b) => b.scheduleId === sid);
  const shiftReads = (sid: string) =>
    world.rec.syncs.filter(
      (s) => s.ok && s.scheduleId === sid && (s.route === 'listShifts' || s.route === 'listAllShifts'),
    );
  const lastWakeBefore = (order: number) => world.wakes.filter((w) => w.order < order && w.kind !== 'reconnect').at(-1);

  /** Whether the message's claim holds on `truth` at the instant shown (undefined: it holds). */
  const falsity = (m: Seen, truth: Block[]): string | undefined => {
    const p = parseId(m.id);
    if (p.kind === 'lead') {
      const b = truth.find((x) => x.startMs === p.startMs);
      if (!b) return 'no block of mine on that schedule starts then';
      if (b.startMs <= m.atMs) return 'the block has already started';
      return undefined;
    }
    if (p.kind === 'start') {
      const b = truth.find((x) => x.startMs <= m.atMs && m.atMs < x.endMs);
      if (!b) return 'I am not on call on that schedule then';
      if (b.startMs !== p.startMs) return `my block there started at ${fmt(b.startMs)}, not at the id's start`;
      return undefined;
    }
    if (p.kind === 'end') {
      const b = truth.find((x) => x.endMs === p.endMs);
      if (!b) return 'no block of mine on that schedule ended then';
      if (b.endMs > m.atMs + o.onTimeMs) return 'shown before the block ended';
      return undefined;
    }
    return undefined;
  };

  // ---- statements from stale data that don't say so, and false statements -----------------------------------
  {
    let plain = 0;
    let staleBad = 0;
    let falseBad = 0;
    let saved = 0;
    let savedBad = 0;
    const probeOnly = new Map<string, number>();
    for (const m of shown) {
      const p = parseId(m.id);
      if (p.kind !== 'lead' && p.kind !== 'start' && p.kind !== 'end') continue;
      if (m.atMs < o.judgeFromMs) continue;
      const sid = p.scheduleId;
      // A read with a hole over the message's time did not read it (issue 27): it rests on the last one that did.
      const about = timeOf(p, blocksOn(versionAtOrder(m.order), sid));
      const reads = shiftReads(sid).filter(
        (s) => s.order < m.order && !world.holesAt(sid, s.atMs).some((x) => overlaps(x, about)),
      );
      const last = reads.at(-1);
      if (SAVED.test(m.body)) {
        // Said from saved data: it must be true of what the service said when that data was read.
        saved++;
        const truth = last ? blocksOn(versionAtOrder(last.order), sid) : [];
        const why = falsity(m, truth);
        if (why) {
          savedBad++;
          fail(
            'false statements',
            `${why} even on the saved data (read ${last ? fmt(last.atMs) : 'never'}): ${describe(m)}`,
          );
        }
        continue;
      }
      plain++;
      // A plain statement rests on data of that schedule read since the last wake-up and within the app's
      // allowance: its shifts, or its details (whose current/next shift the app compares with the saved shifts,
      // as the revision need not move). Resting on the details alone is counted apart.
      const w = lastWakeBefore(m.order);
      const recent = (s: { atMs: number; order: number } | undefined): boolean =>
        !!s && m.atMs - s.atMs <= o.staleAfterMs && !(w && w.kind !== 'start' && s.order < w.order);
      const probe = world.rec.syncs
        .filter((s) => s.ok && s.scheduleId === sid && s.route === 'getSchedule' && s.order < m.order)
        .at(-1);
      if (!recent(last) && !recent(probe)) {
        staleBad++;
        fail(
          'stale data unsaid',
          `${sid}: shifts last read ${last ? fmt(last.atMs) : 'never'}, details ${probe ? fmt(probe.atMs) : 'never'}${w ? ` (last ${w.kind} ${fmt(w.atMs)})` : ''}, yet not "According to saved data": ${describe(m)}`,
        );
      } else if (!recent(last)) {
        const k = p.kind === 'lead' ? `lead${p.leadMin}` : p.kind;
        probeOnly.set(k, (probeOnly.get(k) ?? 0) + 1);
      }
      // And it must be true, whatever the app could know.
      const why = falsity(m, blocksOn(versionAtOrder(m.order), sid));
      if (why) {
        falseBad++;
        fail('false statements', `${why}: ${describe(m)}`);
      }
    }
    const probeNote = [...probeOnly].map(([k, n]) => `${k} ${n}`).join(', ');
    figures.push({
      category: 'stale data unsaid',
      checked: plain,
      failed: staleBad,
      note: `shifts older than allowed, details fresh: ${probeNote || 'none'}`,
    });
    figures.push({
      category: 'false statements',
      checked: plain + saved,
      failed: falseBad + savedBad,
      note: `${saved} said from saved data`,
    });
  }

  // ---- dropped leads: every block starting while the app could speak gets a lead before it starts -----------
  {
    const away: Interval[] = [...world.sleeps, ...world.closed];
    const awake = (t: number): boolean => !away.some((i) => i.fromMs <= t && t < i.toMs);
    const minLead = Math.min(...o.leadsMin) * MIN;
    const last = latest;
    let checked = 0;
    let bad = 0;
    let afterSleep = 0;
    for (const b of last.blocks) {
      const leadAt = b.startMs - minLead;
      if (leadAt <= o.judgeFromMs || b.startMs > o.judgeToMs) continue;
      // The block must be mine the whole time the lead is owed, and unchanged for an hour before it.
      const group = `shift:${b.scheduleId}:${iso(b.startMs)}`;
      const stable = world.versions
        .filter((v) => v.atMs >= leadAt - 2 * HOUR)
        .every((v) => v.blocks.some((x) => x.scheduleId === b.scheduleId && x.startMs === b.startMs));
      const changed = world.changes.some(
        (c) => c.atMs >= leadAt - 4 * HOUR && c.atMs <= b.startMs && c.diff.has(b.scheduleId),
      );
      if (!stable || changed) continue;
      // The app must be up, with time to speak, somewhere between the lead and the start.
      let from = leadAt;
      const wokeIn = world.wakes.filter((w) => w.kind !== 'reconnect' && w.atMs > leadAt && w.atMs < b.startMs).at(-1);
      if (wokeIn) from = wokeIn.atMs + o.settleMs;
      if (from >= b.startMs - MIN || !awake(from) || !awake(b.startMs - MIN)) continue;
      checked++;
      if (wokeIn) afterSleep++;
      const leads = shown.filter(
        (m) => m.id.startsWith(`${group}:lead`) && m.atMs >= leadAt - o.onTimeMs && m.atMs < b.startMs,
      );
      if (leads.length === 0 || !leads.every((m) => m.title.startsWith('On call in'))) {
        bad++;
        fail(
          'dropped leads',
          `${group}: lead due ${fmt(leadAt)}${wokeIn ? `, ${wokeIn.kind} at ${fmt(wokeIn.atMs)}` : ''}: ${leads.map(describe).join(' | ') || 'nothing before the start'}`,
        );
      }
    }
    figures.push({ category: 'dropped leads', checked, failed: bad, note: `${afterSleep} after a short sleep` });
  }

  // ---- a start that a wake lands next to: said once, as a start, never a lead after it ---------------------
  {
    let checked = 0;
    let bad = 0;
    const last = latest;
    for (const w of world.wakes.filter((x) => x.kind === 'resume' || x.kind === 'silent')) {
      for (const b of last.blocks.filter((x) => Math.abs(x.startMs - w.atMs) <= MIN && x.endMs > w.atMs + HOUR)) {
        checked++;
        const group = `shift:${b.scheduleId}:${iso(b.startMs)}`;
        const starts = shown.filter((m) => m.id === `${group}:start`);
        const lateLeads = shown.filter((m) => m.id.startsWith(`${group}:lead`) && m.atMs >= b.startMs);
        if (
          starts.length !== 1 ||
          lateLeads.length > 0 ||
          (starts[0]?.atMs ?? Infinity) > Math.max(b.startMs, w.atMs) + (w.kind === 'silent' ? o.learnMs : o.settleMs)
        ) {
          bad++;
          fail(
            'starts next to a wake-up',
            `${group} (${w.kind} ${fmt(w.atMs)}): ${[...starts, ...lateLeads].map(describe).join(' | ') || 'no start message'}`,
          );
        }
      }
    }
    figures.push({ category: 'starts next to a wake-up', checked, failed: bad });
  }

  // ---- a fresh install tells nothing from before it started, except a running shift -------------------------
  {
    let checked = 0;
    let bad = 0;
    const first = world.versions[0] ?? empty;
    for (const m of shown) {
      const p = parseId(m.id);
      if (p.kind !== 'start' && p.kind !== 'end') continue;
      const due = p.kind === 'start' ? p.startMs : p.endMs;
      if (due >= o.firstStartMs) continue;
      checked++;
      const running = first.blocks.some(
        (b) =>
          b.scheduleId === p.scheduleId &&
          b.startMs <= o.firstStartMs &&
          o.firstStartMs < b.endMs &&
          (p.kind !== 'start' || b.startMs === p.startMs),
      );
      if (p.kind === 'end' || !running) {
        bad++;
        fail('phantom since/ended', `from before the first start: ${describe(m)}`);
      }
    }
    // A late "Shift ended" only for a block the app's data saw: shifts read before it ended that held it. Its end
    // may have moved since that read (the rest given away while the app slept): the read held the same stretch of
    // my time if it held a block of mine overlapping it (whether the end told is true is judged above).
    for (const m of shown) {
      const p = parseId(m.id);
      if (p.kind !== 'end' || m.atMs - p.endMs <= o.onTimeMs || p.endMs < o.firstStartMs) continue;
      checked++;
      const sid = p.scheduleId;
      const ended = blocksOn(versionAtOrder(m.order), sid).find((b) => b.endMs === p.endMs);
      const same = (b: Block): boolean =>
        ended ? b.startMs < ended.endMs && ended.startMs < b.endMs : b.endMs === p.endMs;
      const seen = shiftReads(sid).some(
        (s) => s.order < m.order && s.atMs <= p.endMs && blocksOn(versionAtOrder(s.order), sid).some(same),
      );
      if (!seen) {
        bad++;
        fail('phantom since/ended', `a late end of a block no read of the app ever held: ${describe(m)}`);
      }
    }
    figures.push({
      category: 'phantom since/ended',
      checked,
      failed: bad,
      note: 'fresh install, and late ends of blocks never read',
    });
  }

  // ---- every change told once, before it matters -------------------------------------------------------------
  // The revision never moves here, so the app learns a change from the details' current/next shift or near a
  // handoff of mine (docs/what-it-knows.md: "Changes the revision doesn't announce"), not within one refresh
  // interval. What is owed: told exactly once, and before the next reminder about the changed time is due (or,
  // when every one is already past at the change, as soon as the service can be read: the first oracle's deadline,
  // `pendingUntil`).
  {
    let checked = 0;
    let bad = 0;
    for (const c of world.changes) {
      const told = shown
        .filter(
          (m) =>
            m.id.startsWith('change:') &&
            m.order > c.order &&
            [...c.diff.keys()].some((sid) => m.id.startsWith(`change:${sid}:`)),
        )
        .filter(
          (m) =>
            !world.changes.some(
              (x) =>
                x !== c &&
                x.order > c.order &&
                x.order < m.order &&
                [...x.diff.keys()].some((sid) => m.id.startsWith(`change:${sid}:`)),
            ),
        );
      const spans = [...c.diff.values()].flat();
      const first = Math.min(...spans.map((d) => d.fromMs));
      const last = Math.max(...spans.map((d) => d.toMs));
      // The first reminder about the changed time still due at the change: the longest lead, or when that has passed
      // already, a shorter one or the start (the shifts are re-read every 2 h, not every refresh interval).
      const next = Math.min(...[...o.leadsMin.map((l) => first - l * MIN), first].filter((t) => t > c.atMs));
      const deadline = Math.max(o.pendingUntil(c), Number.isFinite(next) ? next : -Infinity);
      const label = `${c.label} at ${fmt(c.atMs)} on ${[...c.diff.keys()].join(',')}`;
      if (last <= o.pendingUntil(c)) {
        // Over before the app could be expected to read it: never told twice, and nothing else owed.
        if (told.length > 1) {
          bad++;
          fail('every change told once, before it matters', `${label}: told ${told.length}×`);
        }
        continue;
      }
      checked++;
      if (told.length !== 1) {
        bad++;
        fail(
          'every change told once, before it matters',
          `${label}: told ${told.length}× (${told.map((m) => `${fmt(m.atMs)} ${m.id}`).join('; ') || 'never'})`,
        );
      } else if ((told[0]?.atMs ?? Infinity) > deadline) {
        bad++;
        fail(
          'every change told once, before it matters',
          `${label}: told only at ${fmt(told[0]?.atMs ?? Infinity)}, deadline ${fmt(deadline)}`,
        );
      }
    }
    figures.push({
      category: 'every change told once, before it matters',
      checked,
      failed: bad,
      note: `${world.changes.length} changes`,
    });
  }

  return { figures, failures };
}
