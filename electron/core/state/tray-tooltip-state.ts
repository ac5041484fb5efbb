// The tray tooltip's first line, my state: in full words, and the short forms, longest first, a glance folds to
// when the full line leaves no room for what asks me (tray-tooltip.ts).
import type { AppState, MyShift } from '../../shared/view-state';
import { basisMark, untilPhrase } from '../../shared/basis';
import { myRunNext, myRunNow, runDoubt, runNames } from '../../shared/on-call-run';
import { runBasisMark } from '../../shared/run-basis';
import { formatRelative } from '../../shared/format';
import { runZones } from '../../shared/schedule-zone';
import { nowUnknownText } from '../../shared/now-unknown';
import {
  noShiftPhrase,
  unknownShiftsLine,
  onCallPhrase,
  nextPhrase,
  gapsSuffix,
  nextIsOnlyKnown,
  fmt,
  type Fmt,
} from './tray-sections';

/** My state in full words, as the menu's first item says it. */
export function stateLine(state: AppState, f: Fmt): string {
  const now = onCallPhrase(state, f);
  if (now !== undefined) return `On call: ${now}`;
  // A schedule unread over now: not "next on call" (that says I'm off call now), but my now unknown (issue 47); what
  // it names is not named again after the next (adv49 r25 #2).
  const unknownNow = nowUnknownText(state, (iso) => fmt(iso, f));
  const next = nextPhrase(state, f, unknownNow !== '');
  if (next !== undefined && unknownNow !== '') return `On call now: ${unknownNow}\nNext known: ${next}`;
  if (next !== undefined) return `${nextIsOnlyKnown(state, f) ? 'Next known' : 'Next on call'}: ${next}`;
  const none = noShiftPhrase(state, f);
  return none.unknown ? unknownShiftsLine(none.text) : `Off call · ${none.text}`;
}

/** My state in full words after the glance's short line `short`: where that says my unknown now with its reason,
 *  only the next ("Next known: …"), never that now line again word for word (adv49 r25 #2). */
export function stateAfter(state: AppState, f: Fmt, short: string): string {
  const unknownNow = nowUnknownText(state, (iso) => fmt(iso, f));
  const next = nextPhrase(state, f, unknownNow !== '');
  const said = unknownNowForms(state, f)?.said ?? [];
  return next !== undefined && said.includes(short) ? `Next known: ${next}` : stateLine(state, f);
}

/** "On call until 16:54 · 3 schedules" ("· 6 schedules on Work, Acme"; "until at least …, then unknown" as the run
 *  says; "(saved data from 08:30)" as the full line says): the short forms, longest first, for when the full line
 *  leaves no room. */
export function shortStateLines(state: AppState, f: Fmt): string[] {
  const { named, counted } = shortStateForms(state, f);
  return [...named, ...counted];
}

/** My run now as a short line states it, the one statement the tooltip's first line and the menu's first item each
 *  word their own way (issue 47): its end with its basis, longest first ("until Thu 09:00 (saved data from 08:30)",
 *  "… (saved 08:30)"), how many schedules, whose accounts in the run's order, and its doubt. */
export interface RunGlance {
  ends: string[];
  schedules: number;
  names: string;
  accounts: number;
  doubt: string;
}

export function runGlance(state: AppState, f: Fmt): RunGlance | undefined {
  const run = myRunNow(state, f.nowMs);
  if (!run) return undefined;
  const time = (iso: string): string => fmt(iso, f);
  // Saved data, where any block of the run rests on it, stays on the short line: it is what the OS cut leaves.
  // Its end in the schedule's own time too, where its zone differs, as the full line says it (fix 47q).
  const end = (iso: string): string => fmt(iso, f, runZones(state, run).end);
  const until = untilPhrase(run, end);
  // Then shorter: the basis in the fewest words ("(saved 09:33)"), "then unknown" kept as every statement of an
  // unknown end says it (fix 47x: saved, two accounts, my end unknown, an alarm and a pause overflowed Windows' cut
  // and lost the pause). Last, where the accounts' names leave no room: the earliest time any part rests on.
  const ends = unique([
    `${until}${runBasisMark(run.blocks, state.accounts, time)}`,
    `${until}${runBasisMark(run.blocks, state.accounts, time, true)}`,
    `${until}${tightMark(run.basis, time)}`,
  ]);
  const label = (s: MyShift): string => state.accounts.find((a) => a.id === s.accountId)?.label ?? s.accountId;
  return {
    ends,
    schedules: new Set(state.me.onCallNow.map((s) => s.scheduleId)).size,
    names: runNames(run, label),
    accounts: new Set(run.blocks.map((s) => s.accountId)).size,
    doubt: runDoubt(run),
  };
}

/** The short forms that name the accounts (or need none), and those that only count them ("On call on 2 accounts"):
 *  a glance tries every fold of the first before the second (fix 47x: the account ranks above the pause's detail). */
export function shortStateForms(state: AppState, f: Fmt): { named: string[]; counted: string[] } {
  const glance = runGlance(state, f);
  if (!glance) return { named: shortNextLines(state, f), counted: [] };
  const { ends, schedules, names, accounts } = glance;
  const forms = unique([...(schedules > 1 ? [`${ends[0] ?? ''} · ${schedules} schedules`] : []), ...ends]);
  // With several accounts the short line names each account of the run in its order ("Acme, then Work until
  // Thu 09:00"): naming only the first with the run's end said Acme had me until Thu (issue 47, round 7).
  if (state.accounts.length <= 1) return { named: forms.map((u) => `On call ${u}`), counted: [] };
  // Short of room with several of them: how many (the full line, further down, names each).
  const counted = accounts > 1 ? forms.slice(-2).map((u) => `On call on ${accounts} accounts ${u}`) : [];
  return { named: forms.map((u) => `On call: ${names} ${u}`), counted };
}

/** Before my shift: "Next on call: Sun 21:33 (in 11 h)", or "Next known: … · some shifts before it unknown" where an
 *  earlier shift may hide (the full line, kept further down, names where). Without them a long full line (long names,
 *  a hole named) pushed the pause past Windows' cut (issue 49, adversarial round 7, #1). Each keeps the block's basis
 *  ("saved data from 11:00") and, with several accounts, its account ("Work · Fri 09:00"), as the "on call" short
 *  lines do: what the OS cut leaves says what it rests on and whose it is (adv47 r11 #1, #2). */
function shortNextLines(state: AppState, f: Fmt): string[] {
  const run = myRunNext(state, f.nowMs);
  const [first] = run?.blocks ?? [];
  if (!run || !first) return [];
  const time = (iso: string): string => fmt(iso, f);
  const label = (s: MyShift): string => state.accounts.find((a) => a.id === s.accountId)?.label ?? s.accountId;
  const whose = state.accounts.length > 1 ? `${runNames(run, label)} · ` : '';
  const at = `${whose}${fmt(run.start, f, runZones(state, run).start)}`;
  const start = `${at}${runBasisMark(run.blocks, state.accounts, time)}`;
  // Shortest, "saved 11:00": still the basis, in the fewest words.
  const tight = `${at}${runBasisMark(run.blocks, state.accounts, time, true)}`;
  const inRel = ` (${formatRelative(f.nowMs, run.start)})`;
  const unknown = unknownNowForms(state, f);
  if (unknown) return unique([...unknown.said, ...unknown.bare]);
  // "Next known", shortest, still says a shift of mine may come before it: the scope goes last, after "(in …)".
  const gaps = gapsSuffix(state, first, f);
  if (gaps !== '')
    return unique([
      // Where it fits, which schedules were not read, as the full line says it (knowledge property: a statement of
      // my shifts names what it leaves out); then the general words.
      `Next known: ${start}${inRel}${gaps}`,
      `Next known: ${start}${gaps}`,
      `Next known: ${start}${inRel} · some shifts before it unknown`,
      `Next known: ${start} · some shifts before it unknown`,
      // Shortest: the basis and the account stay, the scope in two words (a ringing alarm and a pause beside it).
      `Next known: ${tight} · earlier unknown`,
    ]);
  return unique([`Next on call: ${start}${inRel}`, `Next on call: ${start}`, `Next on call: ${tight}`]);
}

/** My now unknown before my next, short: where it fits, saying what was not read ("unknown (some shifts of Payments
 *  couldn't be read)", `said`), as the full line does; only then the bare "unknown" (the full line, further down,
 *  names it). Undefined when my now is known or no next is read. */
function unknownNowForms(state: AppState, f: Fmt): { said: string[]; bare: string[] } | undefined {
  const run = myRunNext(state, f.nowMs);
  const unknownNow = nowUnknownText(state, (iso) => fmt(iso, f));
  if (!run || run.blocks.length === 0 || unknownNow === '') return undefined;
  const time = (iso: string): string => fmt(iso, f);
  const label = (s: MyShift): string => state.accounts.find((a) => a.id === s.accountId)?.label ?? s.accountId;
  const whose = state.accounts.length > 1 ? `${runNames(run, label)} · ` : '';
  const at = `${whose}${fmt(run.start, f, runZones(state, run).start)}`;
  const start = `${at}${runBasisMark(run.blocks, state.accounts, time)}`;
  const inRel = ` (${formatRelative(f.nowMs, run.start)})`;
  return {
    said: [
      `On call now: ${unknownNow} · next known: ${start}${inRel}`,
      `On call now: ${unknownNow} · next known: ${start}`,
    ],
    bare: [
      `On call now: unknown · next known: ${start}${inRel}`,
      `On call now: unknown · next known: ${start}`,
      `On call now: unknown · next known: ${at}${runBasisMark(run.blocks, state.accounts, time, true)}`,
    ],
  };
}

const unique = (lines: string[]): string[] => lines.filter((l, i) => lines.indexOf(l) === i);

/** The basis in the fewest words: " (saved 11:00)" for saved data, else as `basisMark` says it. */
export function tightMark(b: MyShift['basis'], time: (iso: string) => string): string {
  return b.kind === 'saved' && b.savedAt !== null ? ` (saved ${time(b.savedAt)})` : basisMark(b, time);
}
