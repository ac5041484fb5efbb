// Both oracles of the second month world (month-oracle.ts and month-partial-world.ts) combined into one verdict,
// for any stretch of time and refresh settings: the hand-scripted month (month-partial.test.ts) and the generated
// short worlds (timing-property.test.ts) judge the same way. Also the world's timeline as text, for a failure.
import { judgeHoles } from './hole-oracle';
import { judgeMonth, type Verdict } from './month-oracle';
import { judgePartial, type PartialWorld } from './month-partial-world';
import { HOUR, MIN, type Change } from './month-world';

export interface RefreshSettings {
  idleIntervalSec: number;
  nearIntervalSec: number;
  nearWindowMin: number;
}

export interface JudgeSpan {
  /** The app's first start (a fresh install); reminders due in the hour after it are not judged. */
  startMs: number;
  /** The end of the world: nothing due later is judged. */
  endMs: number;
  refresh: RefreshSettings;
}

/** The allowances the oracles give the app, all derived from its refresh interval. */
export interface Limits {
  /** The slowest the app may be to learn of a change once it can reach the service: an interval + slack. */
  learnMs: number;
  /** The same right after the service failed: the backoff retries every one to two intervals. */
  learnAfterFailuresMs: number;
  /** The app's stale allowance: two refresh intervals. */
  staleAfterMs: number;
}

export function limitsOf(refresh: RefreshSettings): Limits {
  const idleMs = refresh.idleIntervalSec * 1000;
  return { learnMs: idleMs + 2 * MIN, learnAfterFailuresMs: 2 * idleMs + 2 * MIN, staleAfterMs: 2 * idleMs };
}

/**
 * The first oracle's rule for how long the app may not know of a change: it must be awake and able to read the
 * changed schedule for `learnMs`, or wait out its backoff when a failing stretch ended shortly before. Besides
 * the first oracle's outages (every schedule), a schedule whose shifts or details fail alone blocks a change to it
 * (its shifts cannot be read: the sync reads them only after the details answered).
 */
export function pendingUntil(w: PartialWorld, c: Change, limits: Limits): number {
  const own = w.partials.filter(
    (p) => p.kind !== 'coverageFail' && p.scheduleId !== undefined && c.diff.has(p.scheduleId),
  );
  // A hole over the changed time: the app can't read the change until the service sends it readable again.
  const holes = w.holes.filter((x) =>
    c.diff.get(x.scheduleId)?.some((d) => d.fromMs < x.span.toMs && x.span.fromMs < d.toMs),
  );
  const blockers = [...w.sleeps, ...w.closed, ...w.outages, ...own, ...holes];
  let from = c.atMs;
  for (let guard = 0; guard < 1000; guard++) {
    const b = blockers
      .filter((i) => i.fromMs < from + limits.learnMs && from < i.toMs)
      .sort((x, y) => x.fromMs - y.fromMs)[0];
    if (!b) break;
    from = Math.max(from, b.toMs);
  }
  const backoffEnds = [...w.outages.filter((x) => x.kind !== 'offline'), ...own]
    .filter((x) => x.toMs <= from && x.toMs > from - limits.learnAfterFailuresMs)
    .map((x) => x.toMs + limits.learnAfterFailuresMs);
  return Math.max(from + limits.learnMs, ...backoffEnds);
}

/**
 * Both oracles. The first one's timing of change notices (told within a refresh interval of being knowable) assumes
 * a revision that moves; here it never does, so that timing is judged by "told once, before it matters" instead
 * (month-partial-world.ts); the first one's wording checks of change notices stay.
 */
export function judge(w: PartialWorld, span: JudgeSpan): Verdict {
  const limits = limitsOf(span.refresh);
  const month = judgeMonth(w, {
    judgeFromMs: span.startMs + HOUR,
    judgeToMs: span.endMs,
    leadsMin: [1440, 15],
    learnMs: limits.learnMs,
    learnAfterFailuresMs: limits.learnAfterFailuresMs,
    onTimeMs: 1_000,
    settleMs: 2 * MIN,
    graceMs: 60_000,
    lateEndMs: 12 * HOUR,
    pendingUntil: (c) => pendingUntil(w, c, limits),
  });
  const partial = judgePartial(w, {
    judgeFromMs: span.startMs + HOUR,
    judgeToMs: span.endMs,
    staleAfterMs: limits.staleAfterMs,
    settleMs: 2 * MIN,
    learnMs: limits.learnMs,
    onTimeMs: 1_000,
    leadsMin: [1440, 15],
    firstStartMs: span.startMs,
    pendingUntil: (c) => pendingUntil(w, c, limits),
  });
  const timing = (line: string) => line.includes('was long known');
  const figures = month.figures
    .filter((f) => f.category !== 'every change told once')
    .map((f) => {
      if (f.category !== 'false change notices') return f;
      const dropped = (month.failures.get(f.category) ?? []).filter(timing).length;
      return { ...f, failed: f.failed - dropped, note: `${dropped} timing judgement(s) left to "before it matters"` };
    });
  const failures = new Map(
    [...month.failures]
      .filter(([k]) => k !== 'every change told once')
      .map(([k, v]) => [k, v.filter((line) => !timing(line))] as const)
      .filter(([, v]) => v.length > 0),
  );
  const holes = judgeHoles(w);
  return {
    figures: [...figures, ...partial.figures, ...holes.figures],
    failures: new Map([...failures, ...partial.failures, ...holes.failures]),
  };
}

/** Every failure of a verdict, one per line under its category (empty when there is none). */
export function failureText(verdict: Verdict): string {
  return [...verdict.failures]
    .flatMap(([category, lines]) => [`-- ${category}:`, ...lines.map((l) => `   ${l}`)])
    .join('\n');
}

/** The world's timeline and every message, in the one global order. */
export function timeline(w: PartialWorld): string {
  const at = (ms: number) => new Date(ms).toISOString();
  const spans = (c: Change) =>
    [...c.diff].map(([k, d]) => `${k}:${d.map((i) => `${at(i.fromMs)}–${at(i.toMs)}`).join(',')}`).join(' ');
  const lines = [
    ...w.rec.shown.map((m) => ({ order: m.order, line: `${at(m.atMs)} SHOW ${m.id} "${m.title}" ${m.body}` })),
    ...w.rec.syncs.map((s) => ({
      order: s.order,
      line: `${at(s.atMs)} SYNC ${s.route} ${s.scheduleId ?? ''} ${s.ok ? 'ok' : 'FAILED'}`,
    })),
    ...w.wakes.map((x) => ({ order: x.order, line: `${at(x.atMs)} WAKE ${x.kind}` })),
    ...w.changes.map((c) => ({
      order: c.order,
      line: `${at(c.atMs)} CHANGE ${c.label} ${spans(c)}`,
    })),
  ].sort((a, b) => a.order - b.order);
  return `${[
    ...w.sleeps.map((x) => `sleep ${at(x.fromMs)} – ${at(x.toMs)}${x.resume ? '' : ' (no resume event)'}`),
    ...w.closed.map((x) => `closed ${at(x.fromMs)} – ${at(x.toMs)}`),
    ...w.outages.map((x) => `outage ${x.kind} ${at(x.fromMs)} – ${at(x.toMs)}`),
    ...w.partials.map(
      (x) => `partial ${x.kind}${x.scheduleId ? ` (${x.scheduleId} only)` : ''} ${at(x.fromMs)} – ${at(x.toMs)}`,
    ),
    ...lines.map((l) => l.line),
  ].join('\n')}\n`;
}
