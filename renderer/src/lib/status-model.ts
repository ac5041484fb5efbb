// What the status popover says, as plain data: my state line, the banner, each card's lines, freshness.
// Pure (state + now + locale in, text out), so the wording is unit-tested without a browser.
import { basisMark, endIsKnown, untilPhrase, type Basis } from '../../../electron/shared/basis';
import { formatDayTime, formatLeft, formatRelative, initials } from '../../../electron/shared/format';
import { myRunNext, myRunNow, runDoubt, runNames, type OnCallRun } from '../../../electron/shared/on-call-run';
import { isolate } from '../../../electron/shared/bidi';
import { runZones } from '../../../electron/shared/schedule-zone';
import { gapsBefore, myAbsence } from '../../../electron/shared/knowledge';
import type { AppState, Person, ShiftView } from '../../../electron/shared/view-state';
import { atText, lengthText, savedShort, spanText } from './glance';
import type { FormatContext } from './format-context';
import { withAccount } from './accounts';

export type { FormatContext } from './format-context';
/** Each card's lines, worded in their own module: read from here too, as the cards and the tests import them. */
export { cardLines, type CardLines } from './card-lines';

export type Tone = 'oncall' | 'soon' | 'off' | 'unknown';

export interface MyStateLine {
  tone: Tone;
  title: string;
  detail: string;
  /** My block rests on saved data: the title says so short ("· saved 14:02", its own basis at a glance) and the
   *  detail whole ("… (saved data from 14:02)"), so the component adds no "(saved data)" of its own. */
  savedInDetail?: true;
}

const savedIn = (b: Basis): { savedInDetail?: true } => (b.kind === 'saved' ? { savedInDetail: true } : {});

const SOON_MS = 24 * 3_600_000;

const capital = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** My state in one line, the first thing the popover says: "On call until Mon 18:00", "Next: today 22:00 (in 4 h)",
 *  "Off call, nothing in 14 days"; the detail says which schedule, the whole block and what could not be read
 *  (`problemShown`: a problem line says why my shifts are unknown, so the detail doesn't but for my e-mail's). */
export function myStateLine(state: AppState, ctx: FormatContext, problemShown = false): MyStateLine {
  const opts = { locale: ctx.locale, localZone: ctx.localZone, nowMs: ctx.nowMs };
  const time = (iso: string): string => formatDayTime(iso, opts);
  // Until the end of my continuous on-call time: back to back on several schedules, the last one's end.
  // Its end only where every watched schedule was read right after it (else "until at least …, then unknown").
  const run = myRunNow(state, ctx.nowMs);
  const names = (r: OnCallRun): string => runNames(r, (s) => isolate(withAccount(state, s.accountId, s.scheduleName)));
  if (run) {
    const left = endIsKnown(run) ? ` · ${formatLeft(ctx.nowMs, run.end)}` : '';
    const whose = savedWhose(state, run);
    return {
      tone: 'oncall',
      title: `On call ${untilPhrase(run, (iso) => atText(Date.parse(iso), ctx, runZones(state, run).end))}${savedShort(run.basis, ctx, whose && `${whose} `)}${runDoubt(run)}`,
      detail: `${names(run)} · ${spanOf(state, run, ctx)}${left}${basisMark(run.basis, time, whose && `${whose}'s `)}`,
      ...savedIn(run.basis),
    };
  }
  const absence = myAbsence(state, time);
  const missing = absence.note === '' ? '' : ` · ${absence.note}`;
  const next = myRunNext(state, ctx.nowMs);
  if (next) {
    const before = gapsBefore(state, Date.parse(next.start), time);
    const untilMs = Date.parse(next.start) - ctx.nowMs;
    // Whether I am on call now is unknown (a schedule's now wasn't read, named in `before`): said first, the next only
    // as known (shared/now-unknown.ts; not on call by a block read, else `run` above).
    const unknownNow = state.me.gaps.some((g) => g.now);
    // The main line says when it starts (never "On call …" before I am); the detail names the schedules and the
    // whole block (back to back ones too), and what the app couldn't read (an earlier shift may hide there).
    return {
      tone: unknownNow ? 'unknown' : untilMs <= SOON_MS ? 'soon' : 'off',
      // An earlier shift of mine may hide before it (`before`): only the next known, as the menu says (adv47 r34).
      title: `${unknownNow ? 'On call now: unknown · next known' : before === '' ? 'Next' : 'Next known'}: ${atText(Date.parse(next.start), ctx, runZones(state, next).start)} (${formatRelative(ctx.nowMs, next.start)})${savedShort(next.basis, ctx)}${runDoubt(next)}`,
      detail: `${names(next)} · ${runText(state, next, ctx)}${basisMark(next.basis, time)}${before === '' ? '' : ` · ${before}`}`,
      ...savedIn(next.basis),
    };
  }
  if (!knowsMe(state)) {
    return { tone: 'unknown', title: 'Who are you?', detail: 'Add your e-mail in Settings to see your own shifts.' };
  }
  // "Off call" only about what the data covers: unknown while a schedule's shifts are unknown.
  const nothing = `Off call, nothing in ${state.settings.horizonDays} days`;
  switch (absence.kind) {
    case 'checking':
      return { tone: 'unknown', title: 'Checking your shifts…', detail: `${capital(absence.note)}.` };
    case 'unknown':
      // The reason once: where a problem line says it, not here (adv49 r11 F3); none says my e-mail's (r23 #1).
      return {
        tone: 'unknown',
        title: 'Your shifts: unknown',
        detail: problemShown && !state.notices.some((n) => n.unmatched) ? '' : `${capital(absence.note)}.`,
      };
    case 'scoped':
      return { tone: 'off', title: 'Not on call, as far as known', detail: `${absence.text}${missing}.` };
    case 'dated':
      // Now is fresh (every schedule answered); only the days further on are as of their read.
      return { tone: 'off', title: nothing, detail: `${absence.text} (${absence.note}).` };
    case 'plain':
      return { tone: 'off', title: nothing, detail: `${absence.text}.` };
  }
}

/** The one account a run's saved part rests on where another account's part is fresh: named beside the basis as the
 *  tray names it (shared/run-basis.ts: "Acme saved 13:00", "(Acme's saved data from 13:00)"), so the popover never
 *  says one saved time of all (adv47 r47 #2); '' otherwise (one basis for the whole run). */
function savedWhose(state: AppState, run: OnCallRun): string {
  const ids = new Set(run.blocks.flatMap((b) => (b.basis.kind === 'fresh' ? [] : [b.accountId])));
  const fresh = run.blocks.some((b) => !ids.has(b.accountId));
  return fresh && ids.size === 1 ? (state.accounts.find((a) => ids.has(a.id))?.label ?? '') : '';
}

/** "22:00 – Mon 18:00"; "from 22:00 until at least Mon 18:00, then unknown" where no read covers its end. */
const spanOf = (state: AppState, run: OnCallRun, ctx: FormatContext): string => {
  // Each end with its schedule's own time where that zone differs (as every surface words it).
  const zones = runZones(state, run);
  return endIsKnown(run)
    ? spanText(Date.parse(run.start), Date.parse(run.end), ctx, zones.both, true)
    : `from ${atText(Date.parse(run.start), ctx, zones.start)} ${untilPhrase(run, (iso) => atText(Date.parse(iso), ctx, zones.end))}`;
};

/** "today 22:00 → Mon 18:00, 20 h": a run of mine, both ends and its length; where its end isn't known, "from 22:00
 *  until at least Mon 18:00, then unknown". */
const runText = (state: AppState, run: OnCallRun, ctx: FormatContext): string =>
  `${spanOf(state, run, ctx)}${endIsKnown(run) ? `, ${lengthText(Date.parse(run.start), Date.parse(run.end), ctx)}` : ''}`;

/** The popover shows onboarding instead of cards when there is nothing to show yet. */
export function needsOnboarding(state: AppState): boolean {
  return state.sync.kind === 'needs_setup' || state.settings.accounts.every((a) => a.schedules.length === 0);
}

/** Whether I am known by e-mail on at least one account (else my own shifts can't be found anywhere). */
export function knowsMe(state: Pick<AppState, 'settings'>): boolean {
  return state.settings.accounts.some((a) => a.email.trim() !== '');
}

/** "Updated 2 min ago" (the oldest account's read); an account not read yet is named, never covered by another's
 *  age ("Updated just now · Acme not read yet"). */
export function freshnessText(state: AppState, ctx: FormatContext): string {
  if (state.syncing && !state.lastSuccessAt) return 'Updating…';
  if (!state.lastSuccessAt) return 'Not updated yet';
  const ago = formatRelative(ctx.nowMs, state.lastSuccessAt);
  const unread = state.accounts.filter((a) => !a.lastSuccessAt).map((a) => a.label);
  return `Updated ${ago === 'now' ? 'just now' : ago}${unread[0] ? ` · ${unread.join(', ')} not read yet` : ''}${state.syncing ? ' · updating…' : ''}`;
}

/** The coverage list's own freshness, when it is not fresh: "Coverage requests: couldn't load" / "…saved data from
 *  14:02" (coverageNote); the same at a glance, left out where the sync problem already says it with its fix (said
 *  once: coverageGlanceNote). Re-exported, not wrapped: a wrapper here would sit in the popover's first load and pull
 *  the chunk its words are in (loaded after the first frame) into it. */
export {
  coverageFreshnessText as coverageNote,
  coverageGlanceText as coverageGlanceNote,
} from '../../../electron/shared/coverage-words';

/** The Coverage badge and the "Asks you" heading: the one statement's, worded by main (core/state/asks-words.ts). */
export const coverageBadge = (state: AppState): string | undefined => state.asksYou?.badge;
export const asksHeading = (state: AppState): string => state.asksYou?.heading ?? '';

export interface PersonChip {
  id: string;
  name: string;
  initials: string;
  email: string;
}

export function chips(people: readonly Person[]): PersonChip[] {
  return people.map((p) => ({ id: p.id, name: p.name, email: p.email, initials: initials(p.name) }));
}

export function namesOf(shift: ShiftView | null): string {
  if (!shift || shift.users.length === 0) return 'Nobody';
  return shift.users.map((u) => u.name).join(', ');
}
