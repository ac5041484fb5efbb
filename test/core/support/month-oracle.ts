// The oracle of the month-long simulation. Expected messages come from the simulator's own shift lists (the
// truth versions the world recorded after every change) and from the world's own timeline (sleeps, restarts,
// outages, wake-ups, zone changes); the app's code is never asked. Each category yields figures and failures.
//
// The message contract (ids and titles):
//   lead   shift:<sid>:<blockStartISO>:lead<min>  "On call in …"   due at start − lead
//   start  shift:<sid>:<blockStartISO>:start      "On call now"    due at start (a catch-up: "…since…")
//   end    shift:<sid>:end:<blockEndISO>           "Shift ended"    due at end
//   change change:<sid>:…                          "Your shift…"    as soon as the app syncs after the change
import { DateTime } from 'luxon';
import type { Block } from './truth';
import {
  DAY,
  HOUR,
  iso,
  MIN,
  type Change,
  type Interval,
  type Seen,
  type Version,
  type Wake,
  type World,
} from './month-world';

export interface OracleOptions {
  /** Reminders due before this are not judged (the first start-up is judged by its own rules). */
  judgeFromMs: number;
  judgeToMs: number;
  leadsMin: number[];
  /** The slowest the app may be to learn of a change once it can reach the service: refresh interval + slack. */
  learnMs: number;
  /**
   * The same after the service failed for a while (errors, resets, down; not the machine going offline, which ends
   * with an online event): the promised backoff retries a failing source every one to two refresh intervals, so
   * the first read after the failures end may come up to this long after they ended.
   */
  learnAfterFailuresMs: number;
  /** How late an on-time reminder may be. */
  onTimeMs: number;
  /** After a resume event or a restart, how soon the first sync must have answered (service reachable). */
  settleMs: number;
  /** The longest the app may wait for the service before speaking from saved data. */
  graceMs: number;
  /** A late "Shift ended" is owed for blocks that ended at most this long before the wake-up. */
  lateEndMs: number;
  /**
   * Until when the app may not know of a change, when the world knows more than this oracle sees (one schedule's
   * reads failing alone: month-partial-world.ts); by default the rule below, from sleeps, closed time and outages.
   */
  pendingUntil?: (c: Change) => number;
}

export interface Figure {
  category: string;
  checked: number;
  failed: number;
  note?: string;
}

export interface Verdict {
  figures: Figure[];
  failures: Map<string, string[]>;
}

type Parsed =
  | { kind: 'lead'; scheduleId: string; startMs: number; leadMin: number }
  | { kind: 'start'; scheduleId: string; startMs: number }
  | { kind: 'end'; scheduleId: string; endMs: number }
  | { kind: 'change'; scheduleId: string }
  | { kind: 'other' };

export function parseId(id: string): Parsed {
  let m = /^shift:([^:]+):end:(.+)$/.exec(id);
  if (m) return { kind: 'end', scheduleId: m[1] as string, endMs: Date.parse(m[2] as string) };
  m = /^shift:([^:]+):(.+Z):lead(\d+)$/.exec(id);
  if (m)
    return { kind: 'lead', scheduleId: m[1] as string, startMs: Date.parse(m[2] as string), leadMin: Number(m[3]) };
  m = /^shift:([^:]+):(.+Z):start$/.exec(id);
  if (m) return { kind: 'start', scheduleId: m[1] as string, startMs: Date.parse(m[2] as string) };
  m = /^change:([^:]+):/.exec(id);
  if (m) return { kind: 'change', scheduleId: m[1] as string };
  return { kind: 'other' };
}

/** When a shift message was due, from its id alone. */
function dueOf(p: Parsed): number | undefined {
  if (p.kind === 'lead') return p.startMs - p.leadMin * MIN;
  if (p.kind === 'start') return p.startMs;
  if (p.kind === 'end') return p.endMs;
  return undefined;
}

const SAVED = /^According to saved data/;
const within = (t: number, i: Interval): boolean => i.fromMs <= t && t < i.toMs;
const overlaps = (a: Interval, b: Interval): boolean => a.fromMs < b.toMs && b.fromMs < a.toMs;
const hhmm = (ms: number, zone: string): string => DateTime.fromMillis(ms, { zone }).toFormat('HH:mm');
const fmt = (ms: number): string => DateTime.fromMillis(ms, { zone: 'UTC' }).toFormat("MM-dd HH:mm'Z'");

/** "in 2 h 15 min" → ms, with the rounding the words allow. */
function relativeMs(title: string): { ms: number; tolerance: number } | undefined {
  if (/\bnow\b/.test(title)) return { ms: 0, tolerance: MIN };
  const m = /in (?:(\d+) d)?\s*(?:(\d+) h)?\s*(?:(\d+) min)?/.exec(title);
  if (!m || (!m[1] && !m[2] && !m[3])) return undefined;
  const ms = Number(m[1] ?? 0) * DAY + Number(m[2] ?? 0) * HOUR + Number(m[3] ?? 0) * MIN;
  return { ms, tolerance: m[1] ? HOUR : MIN };
}

/** The first HH:MM after `word` (or the first at all), skipping a "According to saved data from …," prefix. */
function timeAfter(body: string, word?: string): string | undefined {
  const text = body.replace(/^According to saved data[^,]*,\s*/, '');
  const from = word === undefined ? 0 : text.indexOf(word);
  if (from < 0) return undefined;
  return /\b(\d\d:\d\d)\b/.exec(text.slice(from))?.[1];
}

/** Whether I stay on call past `atMs`: some block of mine (any schedule) has begun by then and runs on after it.
 *  The oracle's own reading of "my on-call time": blocks that touch or overlap are one stretch, any gap ends it. */
export function onCallPast(blocks: readonly Block[], atMs: number): boolean {
  return blocks.some((b) => b.startMs <= atMs && b.endMs > atMs);
}

export function judgeMonth(world: World, o: OracleOptions): Verdict {
  const shown = world.rec.shown;
  const failures = new Map<string, string[]>();
  const figures: Figure[] = [];
  const fail = (category: string, message: string): void => {
    const list = failures.get(category) ?? [];
    list.push(message);
    failures.set(category, list);
  };
  const describe = (m: Seen): string => `${fmt(m.atMs)} ${m.id} "${m.title}" — ${m.body}`;

  // ---- the world's timeline -------------------------------------------------------------------------------
  const away: Interval[] = [...world.sleeps, ...world.closed];
  const unreachable: Interval[] = world.outages;
  const awake = (t: number): boolean => !away.some((i) => within(t, i));
  const reachable = (t: number): boolean => !unreachable.some((i) => within(t, i));
  const available = (t: number): boolean => awake(t) && reachable(t);
  /** The first instant from `t` on that starts `span` of uninterrupted availability. */
  const availableFrom = (t: number, span: number): number => {
    let x = t;
    for (let guard = 0; guard < 1000; guard++) {
      const blocker = [...away, ...unreachable]
        .filter((i) => overlaps(i, { fromMs: x, toMs: x + span }))
        .sort((a, b) => a.fromMs - b.fromMs)[0];
      if (!blocker) return x;
      x = Math.max(x, blocker.toMs);
    }
    return x;
  };
  /** Until when the app may not know of a change: it must be able to reach the service for `learnMs`, or wait
   *  out its backoff when a failing stretch ended shortly before. */
  const ownPendingUntil = (c: Change): number => {
    const from = availableFrom(c.atMs, o.learnMs);
    const backoffEnds = world.outages
      .filter((x) => x.kind !== 'offline' && x.toMs <= from && x.toMs > from - o.learnAfterFailuresMs)
      .map((x) => x.toMs + o.learnAfterFailuresMs);
    return Math.max(from + o.learnMs, ...backoffEnds);
  };
  const pendingUntil = o.pendingUntil ?? ownPendingUntil;
  const versionAtMs = (t: number): Version => {
    let v = world.versions[0] as Version;
    for (const x of world.versions) if (x.atMs <= t) v = x;
    return v;
  };
  const versionAtOrder = (order: number): Version => {
    let v = world.versions[0] as Version;
    for (const x of world.versions) if (x.order < order) v = x;
    return v;
  };
  const blocksOn = (v: Version, sid: string): Block[] => v.blocks.filter((b) => b.scheduleId === sid);
  /** Whether the app had read the shifts of `sid` since the last change to them, before message `order`. */
  const knows = (sid: string, order: number): boolean => {
    const last = world.changes.filter((c) => c.order < order && c.diff.has(sid)).at(-1);
    if (!last) return true;
    return world.rec.syncs.some(
      (s) =>
        s.ok &&
        s.scheduleId === sid &&
        (s.route === 'listShifts' || s.route === 'listAllShifts') &&
        s.order > last.order &&
        s.order < order,
    );
  };
  const syncedSince = (sid: string, afterOrder: number, beforeOrder: number): boolean =>
    world.rec.syncs.some((s) => s.ok && s.scheduleId === sid && s.order > afterOrder && s.order < beforeOrder);
  const lastWakeBefore = (order: number): Wake | undefined =>
    world.wakes.filter((w) => w.order < order && w.kind !== 'reconnect').at(-1);
  const wakeMarginMs = (w: Wake): number => (w.kind === 'silent' || w.kind === 'reconnect' ? o.learnMs : o.settleMs);
  const changesTouching = (sid: string, span: Interval): Change[] =>
    world.changes.filter((c) =>
      (c.diff.get(sid) ?? []).some((d) => overlaps(d, span) || d.toMs === span.fromMs || d.fromMs === span.toMs),
    );

  // ---- change notices: attribution ------------------------------------------------------------------------
  const notices = shown.filter((m) => m.id.startsWith('change:'));
  const attributed = new Map<Change, Seen[]>();
  const noticeChange = new Map<Seen, Change>();
  {
    let checked = 0;
    let bad = 0;
    for (const m of notices) {
      checked++;
      const p = parseId(m.id);
      const sid = p.kind === 'change' ? p.scheduleId : '';
      if (!m.title.startsWith('Your shift')) {
        bad++;
        fail('false change notices', `title does not start "Your shift": ${describe(m)}`);
      }
      const c = world.changes.filter((x) => x.order < m.order && x.diff.has(sid)).at(-1);
      if (!c) {
        bad++;
        fail('false change notices', `no change by others touched my time on ${sid} before: ${describe(m)}`);
        continue;
      }
      if (m.atMs > pendingUntil(c) + o.learnMs) {
        bad++;
        fail(
          'false change notices',
          `the last change on ${sid} (${c.label} at ${fmt(c.atMs)}) was long known: ${describe(m)}`,
        );
        continue;
      }
      // The words must match the direction of the change to my time (a bridge adds time: nothing was removed).
      const spans = c.diff.get(sid) ?? [];
      const mineAfter = (d: Interval) => blocksOn(c.after, sid).some((b) => b.startMs <= d.fromMs && d.toMs <= b.endMs);
      const onlyAdded = spans.every(mineAfter);
      const onlyRemoved = !spans.some(mineAfter);
      if (onlyAdded && /\bremoved\b|\bno longer\b|not on call|\bcancell?ed\b/i.test(m.body)) {
        bad++;
        fail(
          'false change notices',
          `says something was removed, but the change only added time (${c.label}): ${describe(m)}`,
        );
      } else if (onlyRemoved && /\badded\b|\bextended\b/i.test(m.body)) {
        bad++;
        fail(
          'false change notices',
          `says something was added, but the change only took time away (${c.label}): ${describe(m)}`,
        );
      }
      // What it says about now must be true now ("on call now", "not on call now", "on call in 5 h").
      const now = blocksOn(versionAtOrder(m.order), sid);
      const onNow = now.find((b) => b.startMs <= m.atMs && m.atMs < b.endMs);
      const inMatch = /on call (in [^.,;)—]+)/i.exec(m.body);
      const rel = inMatch ? relativeMs(inMatch[1] as string) : undefined;
      const touched = blocksOn(c.after, sid).filter((b) =>
        spans.some(
          (d) => overlaps(d, { fromMs: b.startMs, toMs: b.endMs }) || d.toMs === b.startMs || d.fromMs === b.endMs,
        ),
      );
      let untrue: string | undefined;
      if (/\bnot on call now\b/i.test(m.body)) {
        if (onNow) untrue = 'says "not on call now" but I am';
      } else if (/\bon call now\b/i.test(m.body) && !onNow) untrue = 'says "on call now" but I am not';
      if (!untrue && rel && !touched.some((b) => Math.abs(b.startMs - m.atMs - rel.ms) <= rel.tolerance)) {
        untrue = `says "${inMatch?.[1]}" but no changed block of mine starts then`;
      }
      if (untrue) {
        bad++;
        fail('false change notices', `${untrue}: ${describe(m)}`);
      }
      noticeChange.set(m, c);
      attributed.set(c, [...(attributed.get(c) ?? []), m]);
    }
    figures.push({ category: 'false change notices', checked, failed: bad });
  }

  // ---- every change told, once ----------------------------------------------------------------------------
  {
    let observable = 0;
    let bad = 0;
    for (const c of world.changes) {
      const knownAt = availableFrom(c.atMs, o.learnMs);
      const future = [...c.diff.values()]
        .flat()
        .some((d) => d.toMs > knownAt + o.learnMs && d.fromMs < knownAt + 14 * DAY);
      const told = attributed.get(c) ?? [];
      const deadline = pendingUntil(c);
      const label = `${c.label} at ${fmt(c.atMs)} on ${[...c.diff.keys()].join(',')}`;
      if (future) {
        observable++;
        if (told.length !== 1) {
          bad++;
          fail(
            'every change told once',
            `${label}: told ${told.length}× (${told.map((m) => `${fmt(m.atMs)} ${m.id}`).join('; ') || 'never'})`,
          );
        } else if ((told[0] as Seen).atMs > deadline) {
          bad++;
          fail(
            'every change told once',
            `${label}: told only at ${fmt((told[0] as Seen).atMs)}, deadline ${fmt(deadline)}`,
          );
        }
      } else if (told.length > 1) {
        bad++;
        fail('every change told once', `${label} (all in the past when the app could know): told ${told.length}×`);
      }
    }
    figures.push({
      category: 'every change told once',
      checked: observable,
      failed: bad,
      note: `${world.changes.length} changes, ${observable} observable`,
    });
  }

  // ---- duplicates -------------------------------------------------------------------------------------------
  {
    const seen = new Map<string, Seen>();
    let bad = 0;
    for (const m of shown) {
      const first = seen.get(m.id);
      if (first) {
        bad++;
        fail('duplicate ids', `${m.id} at ${fmt(first.atMs)} and again at ${fmt(m.atMs)}`);
      } else seen.set(m.id, m);
    }
    figures.push({ category: 'duplicate ids', checked: shown.length, failed: bad });
  }

  // ---- on time ----------------------------------------------------------------------------------------------
  {
    const expected = new Map<string, { id: string; atMs: number; kind: 'lead' | 'start' | 'end'; block: Block }>();
    for (const v of world.versions) {
      for (const b of v.blocks) {
        const items = [
          ...o.leadsMin.map((l) => ({
            id: `shift:${b.scheduleId}:${iso(b.startMs)}:lead${l}`,
            atMs: b.startMs - l * MIN,
            kind: 'lead' as const,
          })),
          { id: `shift:${b.scheduleId}:${iso(b.startMs)}:start`, atMs: b.startMs, kind: 'start' as const },
          { id: `shift:${b.scheduleId}:end:${iso(b.endMs)}`, atMs: b.endMs, kind: 'end' as const },
        ];
        for (const e of items) {
          // "Shift ended" only where my on-call time ends (issue 50): not where a block of mine, on any schedule,
          // carries it on there (back to back or overlapping), as the world's blocks at that end say.
          if (e.kind === 'end' && onCallPast(v.blocks, e.atMs)) continue;
          if (e.atMs <= o.judgeFromMs || e.atMs > o.judgeToMs) continue;
          if (versionAtMs(e.atMs) !== v) continue;
          if (!available(e.atMs)) continue;
          if (world.wakes.some((w) => w.atMs <= e.atMs && e.atMs <= w.atMs + wakeMarginMs(w))) continue;
          if (world.changes.some((c) => c.diff.has(b.scheduleId) && c.atMs <= e.atMs && e.atMs < pendingUntil(c)))
            continue;
          expected.set(`${e.id}@${e.atMs}`, { ...e, block: b });
        }
      }
    }
    let bad = 0;
    const titles = { lead: /^On call in /, start: /^On call now$/, end: /^Shift ended$/ };
    for (const e of expected.values()) {
      const hits = shown.filter((m) => m.id === e.id);
      const onTime = hits.filter((m) => Math.abs(m.atMs - e.atMs) <= o.onTimeMs);
      if (hits.length !== 1 || onTime.length !== 1) {
        bad++;
        fail(
          'on time',
          `${e.id} due ${fmt(e.atMs)}: shown ${hits.length}× (${hits.map((m) => fmt(m.atMs)).join(', ') || 'never'})`,
        );
      } else if (!titles[e.kind].test((hits[0] as Seen).title)) {
        bad++;
        fail('on time', `${e.id}: title "${(hits[0] as Seen).title}"`);
      }
    }
    figures.push({ category: 'on time (awake, online, no change pending)', checked: expected.size, failed: bad });
  }

  // ---- every text true at the instant shown (phantoms) and local times in the current zone ------------------
  {
    let checked = 0;
    let exempt = 0;
    let bad = 0;
    let timesChecked = 0;
    let timesBad = 0;
    let timesAfterTravel = 0;
    for (const m of shown) {
      const p = parseId(m.id);
      if (p.kind !== 'lead' && p.kind !== 'start' && p.kind !== 'end') continue;
      const sid = p.scheduleId;
      if (!knows(sid, m.order) || (SAVED.test(m.body) && !reachable(m.atMs))) {
        exempt++;
        continue;
      }
      checked++;
      const truth = blocksOn(versionAtOrder(m.order), sid);
      let block: Block | undefined;
      let problem: string | undefined;
      if (p.kind === 'lead') {
        block = truth.find((b) => b.startMs === p.startMs);
        const rel = relativeMs(m.title);
        if (!m.title.startsWith('On call in')) problem = 'a lead id without "On call in"';
        else if (!block) problem = 'no block of mine on that schedule starts then';
        else if (block.startMs <= m.atMs) problem = 'the block has already started';
        else if (rel && Math.abs(rel.ms - (block.startMs - m.atMs)) > rel.tolerance)
          problem = `"${m.title}" but the start is ${Math.round((block.startMs - m.atMs) / MIN)} min away`;
      } else if (p.kind === 'start') {
        block = truth.find((b) => b.startMs <= m.atMs && m.atMs < b.endMs);
        if (m.title !== 'On call now') problem = 'a start id without "On call now"';
        else if (!block) problem = 'I am not on call on that schedule then';
        else if (block.startMs !== p.startMs)
          problem = `my block there started at ${fmt(block.startMs)}, not at the id's start`;
      } else {
        block = truth.find((b) => b.endMs === p.endMs);
        if (m.title !== 'Shift ended') problem = 'an end id without "Shift ended"';
        else if (!block) problem = 'no block of mine on that schedule ended then';
        else if (block.endMs > m.atMs + o.onTimeMs) problem = 'shown before the block ended';
        else if (m.atMs - block.endMs > o.lateEndMs) problem = 'more than 12 h after the end';
      }
      if (problem) {
        bad++;
        fail('phantoms (text true when shown)', `${problem}: ${describe(m)}`);
        continue;
      }
      // Local times read in the machine's zone at the instant shown.
      const zone = world.zoneAt(m.order);
      const travelled = world.zoneChanges.some((z) => z.order < m.order);
      const checks: [string, number][] = [];
      if (block && p.kind === 'lead') checks.push(['start', block.startMs]);
      if (block && p.kind === 'start' && /\bsince\b/.test(m.body))
        checks.push(['since', block.startMs], ['until', block.endMs]);
      else if (block && p.kind === 'start') checks.push(['until', block.endMs]);
      for (const [word, ms] of checks) {
        const got = word === 'start' ? timeAfter(m.body) : timeAfter(m.body, word);
        timesChecked++;
        if (travelled) timesAfterTravel++;
        if (got !== hhmm(ms, zone)) {
          timesBad++;
          fail(
            'local times in the current zone',
            `${word} reads ${got ?? '(none)'}, ${zone} says ${hhmm(ms, zone)}: ${describe(m)}`,
          );
        }
      }
    }
    figures.push({
      category: 'phantoms (text true when shown)',
      checked,
      failed: bad,
      note: `${exempt} exempt: app could not know yet`,
    });
    figures.push({
      category: 'local times in the current zone',
      checked: timesChecked,
      failed: timesBad,
      note: `${timesAfterTravel} after the zone change`,
    });
  }

  // ---- catch-ups: judged after knowing, at most one per block per wake-up, owed ones given ------------------
  {
    const lateOf = (m: Seen): number | undefined => {
      const due = dueOf(parseId(m.id));
      return due !== undefined && m.atMs - due > o.onTimeMs ? due : undefined;
    };
    const catchUps = shown.filter((m) => m.id.startsWith('shift:') && lateOf(m) !== undefined);
    let bad = 0;
    for (const m of catchUps) {
      const p = parseId(m.id);
      const sid = p.kind === 'change' || p.kind === 'other' ? '' : p.scheduleId;
      const w = lastWakeBefore(m.order);
      if (!w) continue;
      const synced = syncedSince(sid, w.order, m.order);
      const saved = SAVED.test(m.body);
      if (!synced && !saved) {
        bad++;
        fail(
          'catch-ups judged after a sync',
          `no answer from the service since the ${w.kind} at ${fmt(w.atMs)}, and not worded from saved data: ${describe(m)}`,
        );
      } else if (!synced && saved && w.kind !== 'silent' && m.atMs - w.atMs > o.graceMs + 5_000) {
        bad++;
        fail(
          'catch-ups judged after a sync',
          `saved-data catch-up ${Math.round((m.atMs - w.atMs) / 1000)} s after the ${w.kind}: ${describe(m)}`,
        );
      }
    }
    figures.push({ category: 'catch-ups judged after a sync', checked: catchUps.length, failed: bad });

    // At most one message per block per wake-up: late shift messages plus change notices about that block.
    let groups = 0;
    let collapsedBad = 0;
    const wakes = world.wakes.filter((w) => w.kind !== 'reconnect');
    wakes.forEach((w, i) => {
      const next = wakes[i + 1];
      const inWindow = (m: Seen) =>
        m.order > w.order && (!next || m.order < next.order) && m.atMs <= w.atMs + 2 * o.learnMs;
      const perBlock = new Map<string, Seen[]>();
      const add = (key: string, m: Seen) => perBlock.set(key, [...(perBlock.get(key) ?? []), m]);
      for (const m of catchUps.filter(inWindow)) {
        const p = parseId(m.id);
        if (p.kind === 'end') {
          const b = blocksOn(versionAtOrder(m.order), p.scheduleId).find((x) => x.endMs === p.endMs);
          add(`${p.scheduleId}@${b ? iso(b.startMs) : `end ${iso(p.endMs)}`}`, m);
        } else if (p.kind === 'lead' || p.kind === 'start') add(`${p.scheduleId}@${iso(p.startMs)}`, m);
      }
      for (const m of notices.filter(inWindow)) {
        const c = noticeChange.get(m);
        if (!c) continue;
        for (const [sid, spans] of c.diff) {
          const touched = new Set<string>();
          for (const v of [c.before, c.after]) {
            for (const b of blocksOn(v, sid))
              if (
                spans.some(
                  (d) =>
                    overlaps(d, { fromMs: b.startMs, toMs: b.endMs }) || d.toMs === b.startMs || d.fromMs === b.endMs,
                )
              )
                touched.add(`${sid}@${iso(b.startMs)}`);
          }
          for (const key of touched) if (perBlock.has(key)) add(key, m);
        }
      }
      for (const [key, ms] of perBlock) {
        groups++;
        if (ms.length > 1) {
          collapsedBad++;
          fail(
            'one message per block per wake-up',
            `${w.kind} at ${fmt(w.atMs)}, block ${key}: ${ms.map(describe).join(' | ')}`,
          );
        }
      }
    });
    figures.push({ category: 'one message per block per wake-up', checked: groups, failed: collapsedBad });

    // Owed: a block running at wake-up whose start was slept through, and a block that ended while away (≤ 12 h).
    let owed = 0;
    let owedBad = 0;
    const savedWorded = shown.filter((m) => SAVED.test(m.body)).length;
    for (const w of wakes) {
      if (!w.away || w.kind === 'start') continue;
      const deadline = w.atMs + (w.kind === 'silent' ? o.learnMs : reachable(w.atMs) ? o.settleMs : o.graceMs + 30_000);
      const v = versionAtOrder(w.order);
      const awayFrom = w.away.fromMs;
      for (const b of v.blocks) {
        const startMissed = b.startMs >= awayFrom && b.startMs < w.atMs && b.endMs > deadline + o.learnMs;
        const endMissed = b.endMs >= awayFrom && b.endMs < w.atMs && w.atMs - b.endMs <= o.lateEndMs - o.learnMs;
        if (!startMissed && !endMissed) continue;
        if (!startMissed && onCallPast(v.blocks, b.endMs)) continue; // no end of my on-call time: none is owed
        if (b.startMs <= o.judgeFromMs) continue;
        const pendingHere = world.changes.some(
          (c) => c.diff.has(b.scheduleId) && c.order < w.order && pendingUntil(c) > w.atMs,
        );
        if (pendingHere && !reachable(w.atMs)) continue; // the app cannot know this block yet
        const id = startMissed
          ? `shift:${b.scheduleId}:${iso(b.startMs)}:start`
          : `shift:${b.scheduleId}:end:${iso(b.endMs)}`;
        // Due at the very instant the app went away, it was told then (the world runs what is due before the lid
        // closes or the app quits): nothing is owed again.
        if (shown.some((m) => m.id === id && m.order < w.order)) continue;
        owed++;
        const related = changesTouching(b.scheduleId, { fromMs: b.startMs, toMs: b.endMs });
        const limit = deadline;
        const got = shown.filter(
          (m) =>
            m.order > w.order &&
            m.atMs <= limit &&
            (m.id === id ||
              (m.id.startsWith(`change:${b.scheduleId}:`) && related.includes(noticeChange.get(m) as Change))),
        );
        const wrongWords =
          !reachable(w.atMs) && got.length === 1 && got[0]!.id.startsWith('shift:') && !SAVED.test(got[0]!.body);
        if (wrongWords) {
          owedBad++;
          fail(
            'owed catch-ups given',
            `the service could not be reached at the ${w.kind}, yet not worded from saved data: ${describe(got[0]!)}`,
          );
        } else if (got.length !== 1) {
          owedBad++;
          fail(
            'owed catch-ups given',
            `${startMissed ? 'start' : 'end'} of ${b.scheduleId} ${fmt(b.startMs)}–${fmt(b.endMs)} missed during the ${w.kind === 'restart' ? 'closed time' : 'sleep'} before ${w.kind} at ${fmt(w.atMs)}: ${got.length} message(s) by ${fmt(limit)} ${got.map(describe).join(' | ')}`,
          );
        }
      }
    }
    figures.push({
      category: 'owed catch-ups given (since / late end)',
      checked: owed,
      failed: owedBad,
      note: `${savedWorded} worded from saved data`,
    });

    // No stray late messages: a shift message not on time must follow a wake-up, a reconnect or a change there.
    let strays = 0;
    for (const m of catchUps) {
      const p = parseId(m.id);
      const sid = p.kind === 'change' || p.kind === 'other' ? '' : p.scheduleId;
      const due = dueOf(p) as number;
      const afterWake = world.wakes.some(
        (x) => x.order < m.order && m.atMs <= x.atMs + 2 * o.learnMs && due <= x.atMs + o.learnMs,
      );
      const afterChange = world.changes.some(
        (c) => c.diff.has(sid) && c.order < m.order && m.atMs <= pendingUntil(c) + o.learnMs,
      );
      if (!afterWake && !afterChange) {
        strays++;
        fail(
          'no stray late messages',
          `late by ${Math.round((m.atMs - due) / MIN)} min with no wake-up, reconnect or change to explain it: ${describe(m)}`,
        );
      }
    }
    figures.push({ category: 'no stray late messages', checked: catchUps.length, failed: strays });
  }

  return { figures, failures };
}

export function printVerdict(
  verdict: Verdict,
  header: Record<string, number | string>,
  limit = Number(process.env['MONTH_LINES'] ?? 12),
): void {
  const rows = verdict.figures.map((f) => ({
    category: f.category,
    checked: f.checked,
    failed: f.failed,
    note: f.note ?? '',
  }));
  console.log(
    `month simulation: ${Object.entries(header)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')}`,
  );
  console.table(rows);
  for (const [category, list] of verdict.failures) {
    console.log(`-- ${category}: ${list.length} failure(s)`);
    for (const line of list.slice(0, limit)) console.log(`   ${line}`);
    if (list.length > limit) console.log(`   … ${list.length - limit} more (MONTH_LINES=n prints more)`);
  }
}
