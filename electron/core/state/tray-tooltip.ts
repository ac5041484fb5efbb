// The tray tooltip: one glance within the OS's length limit (the platform table's: Windows shows 127 characters). It
// leads with my state in a short line ("On call until 16:54 · 3 schedules"), then what asks me (each alarm not
// acknowledged, the pause), then the rest: the schedules by name, acknowledged alarms, problems (issue 49, round 4:
// a first line naming three schedules "until 16:54" each pushed the ringing alarm and the pause past the cut).
import type { AppState } from '../../shared/view-state';
import { pauseNoteShort, pauseNotes } from '../../shared/pause-words';
import { syncText } from '../../shared/freshness';
import { alarmLine } from '../../shared/alarm-text';
import { stillRingLines, stillRingShortLines } from '../../shared/still-ring-text';
import { phoneLines, phoneTightLines, stillRingTightLines, type PhoneLines } from './tray-tooltip-phone';
import { coverageFreshnessLine, uncoveredLines, fmt, type Fmt } from './tray-sections';
import { listDatedByProblem } from './tray-coverage-words';
import { allAlarms, halfSwapLines, problemItems, setupProblemItems } from './tray-glance';
import { emailFixItems } from './tray-problem-items';
import { shortStateForms, stateAfter, stateLine } from './tray-tooltip-state';
import { asksCountWords, asksStatement } from '../../shared/asks-you';
import { dayOpts } from './tray-fmt';

export { shortStateLines } from './tray-tooltip-state';

/** What Windows' tray shows of a tooltip (NOTIFYICONDATA's 128, less the terminator): what asks me fits in it. */
export const TOOLTIP_GLANCE_CHARS = 127;

export function problemLine(state: AppState, f: Fmt): string | undefined {
  const sync = state.sync;
  if (sync.kind === 'ok') {
    // Only what is true: saved data that was not refreshed (a schedule still loading has nothing saved to show).
    const settledStale =
      !state.syncing && state.schedules.length > 0 && state.schedules.every((s) => s.status.kind === 'stale');
    return settledStale ? 'Showing saved data: not refreshed recently' : undefined;
  }
  return syncText(sync, (at) => fmt(at, f));
}

const ONE_ASKS = 'Shift-start alarm not acknowledged';
/** The fewest words that still say alarms ask me ("2 alarms unacknowledged"); each alarm's whole line follows. */
const asksTightOf = (ringing: number): string => (ringing === 1 ? 'Alarm' : `${ringing} alarms`) + ' unacknowledged';

interface Glance {
  head: string[];
  rest: string[];
}

/** What asks me, each in its forms: whole, counted, and folded ("Phone may still ring at 10:03 (Ops)"). */
interface Asking extends PhoneLines {
  full: string;
  /** My state in full after a short line of it (that line not said again). */
  after: (short: string) => string;
  ringing: string[];
  /** The phone lines in fewest words, counted (tray-tooltip-phone.ts): for the tightest folds only. */
  phoneTight: string[];
  ringsTight: string[];
  asks: string[];
  rings: string[];
  ringsShort: string[];
  paused: string[];
  onePause: string | undefined;
  /** The app's own pause in fewest words, tried last ("Paused until 11:33"). */
  pauseTight: string | undefined;
}

/** Each fold of the glance with these state lines, most said first: all pauses, then the pauses in one short line
 *  up top (each follows, named), then the alarm in its fewest words. */
function foldsOf(shorts: readonly string[], a: Asking): Glance[] {
  const pauses = [...a.rings, ...a.paused];
  const tries: Glance[] = [];
  for (const short of shorts.filter((s) => s !== a.full)) {
    tries.push({ head: [short, ...a.ringingPhone, ...pauses], rest: [a.after(short)] });
    tries.push({ head: [short, ...a.asks, ...a.phone, ...pauses], rest: [a.after(short), ...a.ringing] });
    if (a.rings.length > 0)
      tries.push({
        head: [short, ...a.asks, ...a.phone, ...a.ringsShort, ...a.paused],
        rest: [a.after(short), ...a.ringing, ...a.rings],
      });
  }
  const askForms = a.ringing.length === 0 ? [a.asks] : [a.asks, [asksTightOf(a.ringing.length)]];
  for (const short of shorts)
    for (const ask of askForms)
      tries.push({
        head: [short, ...ask, ...a.phone, ...a.ringsShort, ...(a.onePause ? [a.onePause] : [])],
        rest: [a.after(short), ...a.ringing, ...pauses],
      });
  if (a.pauseTight !== undefined && a.pauseTight !== a.onePause)
    for (const short of shorts)
      for (const ask of askForms)
        tries.push({
          head: [short, ...ask, ...a.phone, ...a.ringsShort, a.pauseTight],
          rest: [a.after(short), ...a.ringing, ...pauses],
        });
  return tries;
}

/** The tightest folds, tried once no other fits: my state, the alarms, the pause, and only then the phone lines,
 *  counted, so a cut at a whole line drops a phone line before it drops the pause (adv49 r34 F1). */
function tightFolds(shorts: readonly string[], a: Asking): Glance[] {
  const askForms = a.ringing.length === 0 ? [a.asks] : [a.asks, [asksTightOf(a.ringing.length)]];
  const pauseForms = [...new Set([a.onePause, a.pauseTight])].flatMap((p) => (p === undefined ? [] : [[p]]));
  return shorts.flatMap((short) =>
    askForms.flatMap((ask) =>
      (pauseForms.length > 0 ? pauseForms : [[]]).map((pause) => ({
        head: [short, ...ask, ...pause, ...a.phoneTight, ...a.ringsTight],
        rest: [a.after(short), ...a.ringing, ...a.rings, ...a.paused.filter((p) => !pause.includes(p))],
      })),
    ),
  );
}

/** State, what asks me, then the rest, in as few words as it takes for the first two to fit the glance: the
 *  platform's limit where it is shorter (room kept for the "…" line that follows a cut). */
function glanceLines(state: AppState, f: Fmt, maxChars?: number): Glance {
  const glance = Math.min(maxChars ?? TOOLTIP_GLANCE_CHARS, TOOLTIP_GLANCE_CHARS) - '\n…'.length;
  const fits = (lines: readonly string[]): boolean => lines.join('\n').length <= glance;
  const o = { nowMs: f.nowMs, localZone: f.localZone, ...(f.locale ? { locale: f.locale } : {}) };
  const alarms = allAlarms(state);
  // A start that rang nothing (paused or muted then) asks nothing: it is a fact beside the answered ones.
  const asks = (a: (typeof alarms)[number]) => (a.ackedAt === null || a.ackedAt === undefined) && !a.passedUnrung;
  const ringing = alarms.filter(asks).map((a) => alarmLine(a, o));
  const answered = alarms.filter((a) => !asks(a)).map((a) => alarmLine(a, o));
  const time = (ms: number): string => fmt(new Date(ms).toISOString(), f);
  // A phone alert that must not ring and may still: it asks me as an alarm does (adv50 r8 #3), and folds as one does
  // into its short form, "Phone may still ring at 10:03 (Ops)" (adv47 r11 #3: whole, it never fit Windows' cut).
  const asking: Asking = {
    full: stateLine(state, f),
    after: (short) => stateAfter(state, f, short),
    ringing,
    ...phoneLines(alarms.filter(asks), o, false),
    asks: ringing.length === 0 ? [] : [ringing.length === 1 ? ONE_ASKS : `${ringing.length} alarms not acknowledged`],
    rings: stillRingLines(state.phone, o),
    ringsShort: stillRingShortLines(state.phone, o),
    phoneTight: phoneTightLines(alarms.filter(asks)),
    ringsTight: stillRingTightLines(state.phone, o),
    paused: pauseNotes(state, f.nowMs, time).map((n) => n.text),
    onePause: pauseNoteShort(state, f.nowMs, time),
    pauseTight: pauseNoteShort(state, f.nowMs, time, true),
  };
  const whole = { head: [asking.full, ...asking.ringingPhone, ...asking.rings, ...asking.paused], rest: [] };
  // Every fold that names the accounts before one that only counts them.
  const { named, counted } = shortStateForms(state, f);
  // The phone's failure in fewer words only once no fold fits it whole (said once: never both).
  const short = { ...asking, ...phoneLines(alarms.filter(asks), o, true) };
  const tries = [whole, ...foldsOf(named, asking), ...foldsOf(counted, asking)];
  if (short.phone.length > 0) tries.push(...foldsOf(named, short), ...foldsOf(counted, short));
  tries.push(...tightFolds([...named, ...counted], asking));
  const chosen = tries.find((t) => fits(t.head)) ?? tries[tries.length - 1] ?? whole;
  return { head: chosen.head, rest: [...chosen.rest, ...answered] };
}

/** One glance: my state, what asks me, then one fact per line; at most `maxChars` (the platform's limit), cut at a
 *  line with "…". */
export function tooltipText(state: AppState, f: Fmt, maxChars?: number): string {
  const { head, rest } = glanceLines(state, f, maxChars);
  const lines = [...head, ...rest];
  // The one "asks you" statement, its saved parts scoped to their accounts (shared/asks-you.ts; adv49 r28).
  const asks = asksStatement(state);
  if (asks.total > 0) lines.push(`Asks you (${asksCountWords(asks, dayOpts(f))})`);
  lines.push(...uncoveredLines(state, f));
  // The list's own saved time is said once: by the problem line when that dates the list (adv47 r15 #2).
  const coverage = listDatedByProblem(state) ? undefined : coverageFreshnessLine(state, f);
  if (coverage) lines.push(coverage);
  // Each account's problem on a line of its own, as the menu has one item each.
  lines.push(...problemItems(state, problemLine(state, f), f).map((i) => ('label' in i ? i.label : '')));
  if (state.accounts.length > 1) lines.push(...setupProblemItems(state).map((i) => ('label' in i ? i.label : '')));
  lines.push(...emailFixItems(state).map((i) => ('label' in i ? i.label : '')));
  lines.push(...halfSwapLines(state, f));
  if (state.halfHandoff) lines.push(state.halfHandoff);
  return maxChars === undefined ? lines.join('\n') : boundTooltip(lines, maxChars);
}

/** The lines that fit in `maxChars`, then "…" on a line of its own when some are left out. */
export function boundTooltip(lines: readonly string[], maxChars: number): string {
  const whole = lines.join('\n');
  if (whole.length <= maxChars) return whole;
  const kept: string[] = [];
  for (const line of lines) {
    if ([...kept, line, '…'].join('\n').length > maxChars) break;
    kept.push(line);
  }
  if (kept.length > 0) return [...kept, '…'].join('\n');
  // No whole line fits (a limit no platform of the table has): cut at a word, never inside one.
  const part = (lines[0] ?? '').slice(0, Math.max(0, maxChars - 1));
  const space = part.lastIndexOf(' ');
  return `${space > 0 ? part.slice(0, space) : part}…`;
}
