// What may be said about my having no shift (issue 49's absence claim) and what a statement about my next shift leaves
// out: apart from knowledge.ts, whose rules of absence it follows, since it is about me (my gaps, the accounts that
// know my e-mail) rather than about a schedule's timeline. Zod-free, so every surface says the same.
import { withAccount } from './account-names';
import { joinNames } from './format';
import { hasData } from './freshness';
import type { AppState, MyGap } from './view-state';
import { minOf } from './extremes';
import { gapsText, isUnknownGap } from './gap-words';

/**
 * What a statement about my shifts before `untilMs` ("your next shift is …") leaves out: schedules where an earlier
 * shift of mine may hide (unknown, or known, fresh or saved, only up to a point before it). Saved data that reaches
 * past it is marked where it is shown.
 */
export function gapsBefore(state: AppState, untilMs: number, time: (iso: string) => string): string {
  // Where an earlier shift of mine may hide: unknown schedules, and those known (fresh or saved) only up to before it,
  // also past the horizon (a next shift found beyond it, on a schedule read further).
  const gaps = allGaps(state).map((g): MyGap => {
    const to = state.schedules.find((s) => s.id === g.scheduleId)?.known?.to;
    return g.until === undefined && to !== undefined && Date.parse(to) < untilMs ? { ...g, until: to } : g;
  });
  const listed = new Set(gaps.map((g) => g.scheduleId));
  for (const s of state.schedules) {
    if (!listed.has(s.id) && s.known && Date.parse(s.known.to) < untilMs)
      gaps.push({
        accountId: s.accountId,
        scheduleId: s.id,
        scheduleName: withAccount(state, s.accountId, s.name),
        kind: 'short',
        until: s.known.to,
      });
  }
  const endsBefore = (g: MyGap): boolean =>
    (g.kind === 'short' && !g.until) || (g.until !== undefined && Date.parse(g.until) < untilMs);
  const relevant = gaps.filter((g) => isUnknownGap(g) || ((g.kind === 'short' || g.kind === 'saved') && endsBefore(g)));
  return [gapsText(relevant, time), noEmailText(state)].filter((p) => p !== '').join(' · ');
}

/**
 * What may be said about my having no shift from now to the horizon:
 * - plain: every schedule is fresh and covers it: "No shift of yours in the next 14 days";
 * - dated: every schedule answers now, but the shifts of some were read a while ago: "… (Platform checked 14:02)";
 * - scoped: some only from saved data or up to a point; the text names the fresh ones, the note the rest (with
 *   none fresh, "No shift of yours until at least 14 Dec, 03:00": as far as the data reaches);
 * - checking: nothing known yet, only because schedules are still loading;
 * - unknown: a schedule failed, or its data doesn't reach now: "none" can't be said.
 */
export interface Absence {
  kind: 'plain' | 'dated' | 'scoped' | 'checking' | 'unknown';
  /** "No shift of yours in the next 14 days on Platform and Data" (plain, dated and scoped; '' otherwise). */
  text: string;
  /** How far the claim reaches, as a value each surface words itself ("none in the next 14 days on Platform"):
   *  "in the next 14 days on Platform and Data", "until at least 14 Dec, 03:00"; '' when nothing can be said. */
  reach: string;
  /** What is missing or only saved ("Payments couldn't be loaded · Data: saved data from 14:02"); '' when plain. */
  note: string;
}

/** The accounts whose schedules are shown but whose e-mail isn't set: which of their people I am is unknown, so my
 *  shifts there are never looked for and "no shift of yours" is not said of them. */
function accountsWithoutMe(state: AppState): AppState['accounts'] {
  return state.accounts.filter((a) => a.email.trim() === '' && state.schedules.some((s) => s.accountId === a.id));
}

/** The schedules my shifts are looked for on: those of accounts that know my e-mail. */
function schedulesLookedAt(state: AppState): AppState['schedules'] {
  const unnamed = accountsWithoutMe(state);
  return state.schedules.filter((s) => !unnamed.some((a) => a.id === s.accountId));
}

/** Schedules are shown but no account among theirs knows my e-mail: whether I am on call is unknown everywhere. */
export function myShiftsLookedForNowhere(state: AppState): boolean {
  return state.schedules.length > 0 && schedulesLookedAt(state).length === 0;
}

/** "no e-mail set for Acme" (with one account, "no e-mail set"), or '' while every account knows me. */
function noEmailText(state: AppState): string {
  const unnamed = accountsWithoutMe(state);
  if (unnamed.length === 0) return '';
  return state.accounts.length > 1 ? `no e-mail set for ${joinNames(unnamed.map((a) => a.label))}` : 'no e-mail set';
}

/** My gaps, plus any schedule whose data isn't there at all (so a state built without gaps never reads as "none"). */
function allGaps(state: AppState): MyGap[] {
  const listed = new Set(state.me.gaps.map((g) => g.scheduleId));
  const missing = state.schedules
    .filter((s) => !listed.has(s.id) && !hasData(s.status))
    .map((s): MyGap => ({
      accountId: s.accountId,
      scheduleId: s.id,
      scheduleName: withAccount(state, s.accountId, s.name),
      kind: s.status.kind === 'loading' || s.status.kind === 'not_read' ? s.status.kind : 'failed',
    }));
  return [...state.me.gaps, ...missing];
}

/** A claim of no shift of mine over `reach`, worded here once; other surfaces word `reach` their own way. */
const noShift = (kind: 'plain' | 'dated' | 'scoped', reach: string, note: string): Absence => ({
  kind,
  text: `No shift of yours ${reach}`,
  reach,
  note,
});

export function myAbsence(state: AppState, time: (iso: string) => string): Absence {
  // Nothing read yet (a fresh install, no key, no schedule chosen): no statement about my shifts can be made.
  if (state.schedules.length === 0) return { kind: 'unknown', text: '', reach: '', note: 'no schedule read yet' };
  const gaps = allGaps(state);
  const days = `in the next ${state.settings.horizonDays} days`;
  const unnamed = accountsWithoutMe(state);
  const note = [gapsText(gaps, time), noEmailText(state)].filter((p) => p !== '').join(' · ');
  if (gaps.length === 0 && unnamed.length === 0) return noShift('plain', days, '');
  const unknown = gaps.filter(isUnknownGap);
  const looked = schedulesLookedAt(state);
  if (unknown.length > 0 || looked.length === 0) {
    const kind = unknown.length > 0 && unknown.every((g) => g.kind === 'loading') ? 'checking' : 'unknown';
    return { kind, text: '', reach: '', note };
  }
  if (unnamed.length === 0 && gaps.every((g) => g.kind === 'read')) return noShift('dated', days, note);
  const gapIds = new Set(gaps.map((g) => g.scheduleId));
  const fresh = looked.filter((s) => !gapIds.has(s.id)).map((s) => withAccount(state, s.accountId, s.name));
  if (fresh.length > 0) return noShift('scoped', `${days} on ${joinNames(fresh)}`, note);
  // No schedule read fresh over the horizon: the claim reaches only as far as the data read (issue 49, round 3:
  // "in the next 14 days" from saved data known for 9).
  const reach = looked.flatMap((s) => (s.known ? [Date.parse(s.known.to)] : []));
  if (reach.length === 0) return noShift('scoped', days, note);
  const endMs = minOf(reach);
  // Saved data ending there: the text says its end, the note only whose and from when.
  const said = gaps.map((g) =>
    g.kind === 'saved' && g.until && Date.parse(g.until) === endMs ? { ...g, until: undefined } : g,
  );
  const shortNote = [gapsText(said, time), noEmailText(state)].filter((p) => p !== '').join(' · ');
  return noShift('scoped', `until at least ${time(new Date(endMs).toISOString())}`, shortNote);
}
