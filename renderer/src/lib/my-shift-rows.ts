// My shifts to the horizon as the popover lists them, below its glance: apart from ./glance so the popover's
// first-loaded JS leaves them out (they load with the cards). Pure, unit-tested without a browser.
import { withAccount } from './accounts';
import type { FormatContext } from './format-context';
import { atText, lengthText, savedShort, spanText } from './glance';
import { dayWord, zoneText } from './zone-words';
import { blockLength, blockRunning, blockWindow } from '../../../electron/shared/block-words';
import { formatDayTime } from '../../../electron/shared/format';
import { myAbsence } from '../../../electron/shared/knowledge';
import { HOLE_WORDS, myHoles } from '../../../electron/shared/hole-spans';
import type { AppState } from '../../../electron/shared/view-state';

/** A listed block's saved data, short, after its length (the list's note below says what saved data means, once
 *  per account): " · saved 14:02"; '' otherwise (an unknown end is said by its span). */
const basisWord = savedShort;

export interface MyShiftRow {
  key: string;
  scheduleId: string;
  scheduleName: string;
  /** The block as the service has it (UTC instants): what "Swap…" opens the swap form on. */
  start: string;
  end: string;
  /** The day it starts: "Sat", "Mon 3 Dec"; "Now" for the running one. */
  day: string;
  /** "Sat 23:05 – Sun 23:05" (local, shared/format formatWindow); "from Sat 23:05 until at least Sun 11:00, then
   *  unknown" where the read doesn't cover its end (shared/block-words). */
  span: string;
  /** "7 d", "8 h"; "at least 5 d 20 h" where its end is unknown. */
  length: string;
  /** The schedule's own time where its zone differs. */
  zone: string | undefined;
  /** Where it rests on saved data, its own account's read, said after its length: " · saved 14:02" (" · saved Wed
   *  13:00" when not today); '' otherwise. */
  basis: string;
  running: boolean;
  /** The "Swap…" button's accessible name, naming the day once: "Swap your Platform primary shift Sat 09:00 – Sun
   *  09:00"; the day goes before a window of times only ("… shift Fri 19:00–21:00"). */
  swapLabel: string;
  /** A span where the schedule's shifts couldn't be read: unknown time that may be mine, listed in its place (no
   *  swap, no length: issue 47). */
  hole?: true;
}

/** A window that opens with a time alone ("19:00–21:00", "from 19:00 until …") names no day of its own. */
const timesOnly = (span: string): boolean => /^(from )?\d{1,2}[:.]\d{2}/.test(span);

/** My shifts to the horizon, as the popover lists them (state.me.shifts is already sorted by start). */
export function myShiftRows(state: AppState, ctx: FormatContext): MyShiftRow[] {
  const zoneOf = (id: string) => state.schedules.find((s) => s.id === id)?.timeZone;
  return state.me.shifts.map((m) => {
    const startMs = Date.parse(m.start);
    const running = blockRunning(m, ctx.nowMs);
    const [day, span] = [running ? 'Now' : dayWord(startMs, ctx), spanOf(m, ctx)];
    const scheduleName = withAccount(state, m.accountId, m.scheduleName);
    return {
      key: `${m.scheduleId}|${m.start}`,
      scheduleId: m.scheduleId,
      scheduleName,
      start: m.start,
      end: m.end,
      day,
      span,
      length: blockLength(m, (a, b) => lengthText(Date.parse(a), Date.parse(b), ctx)),
      zone: zoneText(m, zoneOf(m.scheduleId), ctx),
      basis: basisWord(m.basis, ctx),
      running,
      swapLabel: `Swap your ${scheduleName} shift ${timesOnly(span) ? `${day} ${span}` : span}`,
    };
  });
}

/** My shifts with, in order among them, each span a schedule of mine couldn't read (shared/hole-spans.ts): what
 *  My shifts lists, so a day with a hole never reads as free. */
export function myListRows(state: AppState, ctx: FormatContext): MyShiftRow[] {
  const zoneOf = (id: string) => state.schedules.find((s) => s.id === id)?.timeZone;
  const holes = myHoles(state).map((h): MyShiftRow => {
    const startMs = Date.parse(h.from);
    // A listed hole ends after now (it touches [now, horizon)): running once it has begun.
    const running = startMs <= ctx.nowMs;
    return {
      key: `hole|${h.scheduleId}|${h.from}`,
      scheduleId: h.scheduleId,
      // Already named with its account (a gap's name is, core/state/account-naming.ts): never "Acme · Acme".
      scheduleName: h.scheduleName,
      start: h.from,
      end: h.to,
      day: running ? 'Now' : dayWord(startMs, ctx),
      span: spanText(startMs, Date.parse(h.to), ctx),
      length: HOLE_WORDS,
      zone: zoneText({ start: h.from, end: h.to }, zoneOf(h.scheduleId), ctx),
      basis: '',
      running,
      swapLabel: '',
      hole: true,
    };
  });
  return [...myShiftRows(state, ctx), ...holes].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
}

const spanOf = (m: AppState['me']['shifts'][number], ctx: FormatContext): string =>
  blockWindow(
    m,
    (a, b) => spanText(Date.parse(a), Date.parse(b), ctx),
    (iso) => atText(Date.parse(iso), ctx),
  );

const capital = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** The My shifts list's words besides its rows: what an empty list means, and what it may be missing. */
export function myShiftsNote(state: AppState, ctx: FormatContext): { empty: string; missing: string | undefined } {
  const opts = { locale: ctx.locale, localZone: ctx.localZone, nowMs: ctx.nowMs };
  const absence = myAbsence(state, (iso) => formatDayTime(iso, opts));
  const missing = absence.note === '' ? undefined : `${capital(absence.note)}.`;
  // Dated: the list (or its emptiness) holds as of each schedule's read, said once below it.
  if (absence.kind !== 'checking' && absence.kind !== 'unknown') return { empty: `${absence.text}.`, missing };
  return { empty: absence.kind === 'checking' ? 'Checking your shifts…' : 'Your shifts are unknown.', missing };
}
