// The one rule every flow holds a re-read to (adv48 r31 #2): the window as the service holds it now against what
// was planned there, instant by instant. Away, swap and take over plan one set of people over their window
// (plan-held.ts); the override form's preview may show several (my Thursday, Alice's Friday, my Saturday), so
// comparing only WHOM it replaces let a manager's Alice-on-my-Thursday pass unseen and be written over.
import type { HeldShown } from '../../shared/action-schemas';
import type { Stretch } from '../model/timeline';
import { differingText, noLongerText, type WordsDeps } from './plan-words';

export type { WordsDeps };

/** Who was planned on call over one stretch of the window (lower-cased; [] nobody). */
export interface PlannedLine {
  startMs: number;
  endMs: number;
  emails: readonly string[];
}

/** A stretch where who is on call now differs from the plan there. */
export interface Differing {
  startMs: number;
  endMs: number;
  now: string[];
  planned: string[];
}

const keyOf = (emails: readonly string[]): string => [...new Set(emails.map((e) => e.toLowerCase()))].sort().join('\n');
const peopleOf = (key: string): string[] => (key === '' ? [] : key.split('\n'));

/** Who the lines put on call at `ms` (a stretch no line covers: nobody known, so nobody). */
const at = (lines: readonly PlannedLine[], ms: number): string =>
  keyOf(lines.find((l) => l.startMs <= ms && ms < l.endMs)?.emails ?? []);

/** Every stretch of [startMs, endMs) where `now` differs from `planned`, neighbours alike joined; [] as planned. */
export function differing(
  now: readonly PlannedLine[],
  planned: readonly PlannedLine[],
  startMs: number,
  endMs: number,
): Differing[] {
  const cuts = new Set([startMs, endMs]);
  for (const l of [...now, ...planned]) for (const t of [l.startMs, l.endMs]) if (t > startMs && t < endMs) cuts.add(t);
  const times = [...cuts].sort((a, b) => a - b);
  const out: Differing[] = [];
  for (let i = 0; i + 1 < times.length; i++) {
    const [a, b] = [times[i] ?? startMs, times[i + 1] ?? endMs];
    const [n, p] = [at(now, a), at(planned, a)];
    if (n === p) continue;
    const last = out.at(-1);
    if (last && last.endMs === a && keyOf(last.now) === n && keyOf(last.planned) === p) last.endMs = b;
    else out.push({ startMs: a, endMs: b, now: peopleOf(n), planned: peopleOf(p) });
  }
  return out;
}

/** The preview's stretches as the app's timeline holds them; undefined when part is unknown or there are too many. */
export function shownLines(stretches: readonly Stretch[], max: number): HeldShown[] | undefined {
  if (stretches.some((s) => s.kind === 'unknown')) return undefined;
  const out: HeldShown[] = [];
  for (const s of stretches) {
    const emails = peopleOf(keyOf(s.users.map((u) => u.email)));
    const last = out.at(-1);
    const start = new Date(s.startMs).toISOString();
    if (last && last.end === start && keyOf(last.emails) === keyOf(emails)) last.end = new Date(s.endMs).toISOString();
    else out.push({ start, end: new Date(s.endMs).toISOString(), emails });
  }
  return out.length <= max ? out : undefined;
}

/** The lines carried back from the preview, in instants. */
export const plannedLines = (shown: readonly HeldShown[]): PlannedLine[] =>
  shown.map((l) => ({ startMs: Date.parse(l.start), endMs: Date.parse(l.end), emails: l.emails }));

/** The form's re-read against the preview's stretches: undefined as shown, else what differs in the user's words. */
export function shownChanged(
  words: WordsDeps,
  { scheduleId }: { scheduleId: string },
  now: Parameters<typeof differingText>[3],
  shown: readonly HeldShown[],
) {
  return linesChanged(words, { scheduleId }, now, plannedLines(shown));
}

/** The window now against the lines it held before (the preview's, or as read just before a write whose answer was
 *  an error: window-before.ts): undefined as before, else each stretch that differs, in the user's words. */
export function linesChanged(
  words: WordsDeps,
  { scheduleId }: { scheduleId: string },
  now: Parameters<typeof differingText>[3],
  before: readonly PlannedLine[],
) {
  const [first, last] = [now[0], now.at(-1)];
  if (!first || !last) return undefined;
  const pieces = differing(now, before, first.startMs, last.endMs);
  if (pieces.length === 0) return undefined;
  const said = pieces.map((d) => ({ h: { ...d, emails: d.now }, planned: d.planned }));
  return differingText(words, scheduleId, said, now);
}

/**
 * The form's re-read when its preview carried no stretches (part of it unknown then, or too many): only whom it
 * replaces is known, so what is said is what the service shows now with its hours, never "X and Y now cover it"
 * over a window they hold apart (adv48 r41): each stretch where someone it did not replace is on call, said beside
 * those replaced who are there (no plan is claimed for it), and anyone replaced who is on call nowhere in it now.
 */
export function unshownChanged(
  words: WordsDeps,
  w: { scheduleId: string; startMs: number; endMs: number },
  now: Parameters<typeof differingText>[3],
  replaced: readonly string[],
  covering: readonly string[],
): string | undefined {
  const told = new Set(replaced.map((e) => e.toLowerCase()));
  const cover = new Set(covering.map((e) => e.toLowerCase()));
  const stretches = differing(now, [], w.startMs, w.endMs);
  const said = stretches
    .filter((d) => d.now.some((e) => !told.has(e) && !cover.has(e)))
    .map((d) => ({ h: { ...d, emails: d.now }, planned: d.now.filter((e) => told.has(e)) }));
  // Someone replaced who is on call nowhere in it is news only beside time not already said as another's.
  const saidMs = said.reduce((n, { h }) => n + h.endMs - h.startMs, 0);
  const away = saidMs < w.endMs - w.startMs ? [...told] : [];
  const gone = away.filter((e) => !stretches.some((d) => d.now.includes(e)));
  const parts = [
    ...(said.length > 0 ? [differingText(words, w.scheduleId, said, now)] : []),
    ...(gone.length > 0 ? [noLongerText(words, w.scheduleId, gone, w, now)] : []),
  ];
  return parts.length > 0 ? parts.join('; ') : undefined;
}
