// The tray menu's first item, my state, in one short line (issue 49: "my state in one line"). A native menu item
// doesn't wrap: naming every schedule I'm on call on, "until Thu 09:00" each, made it 1,125 characters with 3 × 10
// schedules and the menu screen-wide or cut (adv49 r26). Where the full line is longer than a menu item holds, the
// item words the statement the tooltip's first line shortens (runGlance: my run's end, its basis, how many
// schedules, whose), in the menu's own words; each schedule's own line is in the submenus below it.
import type { AppState } from '../../shared/view-state';
import { myRunNext, runDoubt } from '../../shared/on-call-run';
import { runBasisMark } from '../../shared/run-basis';
import { runZones } from '../../shared/schedule-zone';
import { nowUnknownText } from '../../shared/now-unknown';
import { myAbsence } from '../../shared/knowledge';
import { formatLength, formatRelative, formatWindow, joinNames } from '../../shared/format';
import { endIsKnown, untilPhrase } from '../../shared/basis';
import { dayOpts } from './tray-fmt';
import { fmt, gapsSuffix, myShiftLine, type Fmt } from './tray-sections';
import { runGlance, shortStateForms, tightMark } from './tray-tooltip-state';

/** The longest first item the menu shows whole: about what a tray menu is wide on a small screen. */
export const MENU_LINE_CHARS = 80;

/** "You are on call until Thu 09:00 · 10 schedules", "You are on call: Work, Acme and Beta until at least Thu 09:00,
 *  then unknown (Acme's saved data from 09:00) · 30 schedules": longest first, the end and its basis in every one. */
function onCallForms(state: AppState, f: Fmt): string[] {
  const glance = runGlance(state, f);
  if (!glance) return [];
  const { ends, schedules, names, accounts, doubt } = glance;
  const counted = schedules > 1 ? [`${ends[0] ?? ''} · ${schedules} schedules`] : [];
  const forms = [...counted, ...ends].map((u) => `${u}${doubt}`);
  if (state.accounts.length <= 1) return forms.map((u) => `You are on call ${u}`);
  // Several accounts: each account of the run named in its order; short of room, how many (each has its submenu),
  // in the glance's fewer words ("On call on 3 accounts …"), the basis named, then its earliest time only.
  const many = accounts > 1 ? ends.slice(-2).map((u) => `On call on ${accounts} accounts ${u}${doubt}`) : [];
  return [...forms.map((u) => `You are on call: ${names} ${u}`), ...many];
}

/** Before my next shift, where even the glance's shortest line is too long for an item (several accounts named, each
 *  one's saved time): its start, whose as a count, the basis in the fewest words (the earliest saved time last), and
 *  what may hide before it ("On call now: unknown", "earlier unknown") kept. */
function nextForms(state: AppState, f: Fmt): string[] {
  const run = myRunNext(state, f.nowMs);
  const [first] = run?.blocks ?? [];
  if (!run || !first) return [];
  const time = (iso: string): string => fmt(iso, f);
  const ids = new Set(run.blocks.map((b) => b.accountId));
  const label = state.accounts.find((a) => a.id === first.accountId)?.label ?? first.accountId;
  const whose = state.accounts.length <= 1 ? '' : ids.size === 1 ? ` on ${label}` : ` on ${ids.size} accounts`;
  const at = `${fmt(run.start, f, runZones(state, run).start)}${whose}`;
  const unknownNow = nowUnknownText(state, time) !== '';
  const earlier = !unknownNow && gapsSuffix(state, first, f) !== '';
  const lead = unknownNow ? 'On call now: unknown · next known: ' : earlier ? 'Next known: ' : 'Your next shift: ';
  const tail = `${runDoubt(run)}${earlier ? ' · earlier unknown' : ''}`;
  // First the whole run, its end and length, as the full line says it (adv49 r2 #9), the schedules left to the submenus.
  const zones = runZones(state, run);
  const window = endIsKnown(run)
    ? `${formatWindow(run.start, run.end, dayOpts(f, zones.both))} · ${formatLength(run.start, run.end, { localZone: f.localZone })}`
    : `from ${fmt(run.start, f, zones.start)} ${untilPhrase(run, (iso) => fmt(iso, f, zones.end))}`;
  const mark = runBasisMark(run.blocks, state.accounts, time, true);
  return [
    `${lead}${window}${whose}${mark} (${formatRelative(f.nowMs, run.start)})${tail}`,
    `${lead}${at}${mark}${tail}`,
    `${lead}${at}${tightMark(run.basis, time)}${tail}`,
  ];
}

/** Off call, where the claim already reaches only as far as every schedule was read ("No shift of yours until at
 *  least Fri 01:00") and the rest of its note is each schedule's saved time or read end: the claim with the earliest
 *  saved time, whose by account ("(Acme: saved data from 10:00)"). Any other part (a hole, a missing e-mail) keeps
 *  the full line: it says what the claim leaves out. */
function absenceForms(state: AppState, f: Fmt): string[] {
  const time = (iso: string): string => fmt(iso, f);
  const absence = myAbsence(state, time);
  const limited = absence.kind === 'scoped' && absence.reach.startsWith('until at least ');
  const gaps = state.me.gaps;
  if (!limited || !gaps.every((g) => g.kind === 'saved' || g.kind === 'short')) return [];
  if (state.accounts.some((a) => a.email.trim() === '')) return [];
  const saved = gaps.flatMap((g) => (g.kind === 'saved' && g.savedAt ? [g] : []));
  if (saved.length < gaps.filter((g) => g.kind === 'saved').length) return [];
  const [earliest] = saved.map((g) => g.savedAt ?? '').sort();
  if (earliest === undefined) return [absence.text];
  const ids = new Set(saved.map((g) => g.accountId));
  const whose = state.accounts.filter((a) => ids.has(a.id)).map((a) => a.label);
  const named = state.accounts.length > 1 ? joinNames(whose) : '';
  // Then in the fewest words, as the glance's short lines say a basis ("Work and Acme saved 10:00").
  return [
    `${absence.text} (${named === '' ? '' : `${named}: `}saved data from ${time(earliest)})`,
    `${absence.text} (${named === '' ? '' : `${named} `}saved ${time(earliest)})`,
  ];
}

/** My state as the menu's first item: the full line where it fits, else the longest short form that does (the
 *  shortest where none does). */
export function myStateLine(state: AppState, f: Fmt, problemShown = false): string {
  const full = myShiftLine(state, f, problemShown);
  if (full.length <= MENU_LINE_CHARS) return full;
  const on = onCallForms(state, f);
  const [whole, ...tight] = nextForms(state, f);
  const next = [...(whole ? [whole] : []), ...shortStateForms(state, f).named, ...tight];
  const forms = on.length > 0 ? on : next.length > 0 ? next : absenceForms(state, f);
  return forms.find((l) => l.length <= MENU_LINE_CHARS) ?? forms[forms.length - 1] ?? full;
}
