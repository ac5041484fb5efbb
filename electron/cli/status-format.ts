// The readable summary printed by `npm run status`: sync health, me, each schedule's now/next, coverage.
// Times are local (with the schedule's own wall time where its zone differs), via the shared formatters.
// What was never loaded is printed as unknown, never as "nobody" or "none"; saved data says from when.
import { basisMark, untilPhrase } from '../shared/basis';
import { blockLength, blockRunning, blockWindow } from '../shared/block-words';
import { hasData, offlineWords, syncText } from '../shared/freshness';
import { MAIN_ACCOUNT_ID, withAccount } from '../shared/accounts';
import { silenceText } from '../core/state/tray-accounts';
import { readinessLine } from '../shared/readiness-text';
import { stillRingLines } from '../shared/still-ring-text';
import { basisAt, whoAt, nothingPlannedUntil, nowEnd, thenUnknown } from '../shared/knowledge';
import { DAY_MS } from '../shared/time';
import { formatDayTime, formatLength, formatRelative, formatWindow, zoneLabel } from '../shared/format';
import { myLines } from './status-mine';
import { SETTINGS_NOTICE_ID } from '../core/storage/settings-store';
import { HOLE_WORDS, holeSpans, myHoles, type MyHole } from '../shared/hole-spans';
import { coverageLines, loadLines, statusText, type FormatOptions } from './status-lines';
import type { AppState, MyShift, Person, ScheduleView, SyncStatus } from '../shared/view-state';

export type { FormatOptions } from './status-lines';

const names = (people: readonly Person[]): string => people.map((p) => p.name).join(', ') || 'nobody';
const zoned = (o: FormatOptions, zone: string | null | undefined) => (zone ? { ...o, scheduleZone: zone } : o);

function allFresh(state: AppState): boolean {
  return state.schedules.every((s) => s.status.kind === 'fresh') && state.coverage.status.kind === 'fresh';
}

/** A failing status's kind in words: a service that could not be read is named by what happened ("not answering"
 *  when it was slow), never "offline" unless the connection was refused. */
function kindWords(sync: SyncStatus): string {
  return sync.kind === 'offline' ? offlineWords(sync.cause).toLowerCase() : sync.kind.replace('_', ' ');
}

/** How long ago a read was: never an age in the future (adv47 r21 #1: "updated in 1 h 19 min"). A read dated ahead
 *  of now was made before the clock was set back: how long ago is unknown, so only that is said. */
const ago = (nowMs: number, at: string): string =>
  Date.parse(at) > nowMs + 30_000 ? 'at a time ahead of the clock' : formatRelative(nowMs, at);

/** " · updated 3 min ago"; with several accounts each account's own age, named (one account's age is never said
 *  of all: adv47 r19 #3): " · updated: Main 3 min ago, Work 45 min ago". */
function updatedWords(state: AppState, o: FormatOptions): string {
  if (state.accounts.length > 1) {
    const ages = state.accounts.map((a) => `${a.label} ${a.lastSuccessAt ? ago(o.nowMs, a.lastSuccessAt) : 'not yet'}`);
    return ` · updated: ${ages.join(', ')}`;
  }
  return state.lastSuccessAt ? ` · updated ${ago(o.nowMs, state.lastSuccessAt)}` : '';
}

function syncLine(sync: SyncStatus, state: AppState, o: FormatOptions): string {
  const updated = updatedWords(state, o);
  if (sync.kind === 'ok')
    return allFresh(state) ? `Sync: ok${updated}` : `Sync: stale: some data was not refreshed recently${updated}`;
  return `Sync: ${kindWords(sync)}: ${syncText(sync, (at) => formatDayTime(at, o))}${updated}`;
}

/** " · shifts couldn't be read: Wed 10:00–18:00 (…)" beside a schedule's status while a hole lies in the listed
 *  window: "fresh" alone would vouch for time its read didn't read (issue 47). */
function holesNote(state: AppState, s: ScheduleView, t: FormatOptions): string {
  const untilMs = state.me.listedTo ? Date.parse(state.me.listedTo) : t.nowMs + state.settings.horizonDays * DAY_MS;
  const spans = holeSpans(s.timeline, t.nowMs, untilMs);
  if (spans.length === 0) return '';
  return ` · shifts couldn't be read: ${spans.map((h) => formatWindow(h.from, h.to, t)).join(', ')}`;
}

function scheduleLines(state: AppState, s: ScheduleView, o: FormatOptions): string[] {
  const t = zoned(o, s.timeZone);
  const me = s.meOnCall ? ' — you are on call' : '';
  const zone = s.timeZone ? ` (${zoneLabel(s.timeZone)})` : '';
  const lines = [
    `${withAccount(state, s.accountId, s.name)} [${s.scheduleId}]${zone} — ${statusText(s.status, o)}${holesNote(state, s, t)}${me}`,
  ];
  if (!hasData(s.status)) return [...lines, '  now:  unknown', '  next: unknown'];
  const ended =
    s.known && Date.parse(s.known.to) <= o.nowMs ? ` (saved data ends ${formatDayTime(s.known.to, o)})` : '';
  const nobody = whoAt(
    basisAt(s, o.nowMs),
    () => 'nobody on call',
    () => `unknown${ended}`,
  );
  lines.push(
    s.now
      ? `  now:  ${names(s.now.users)} ${untilPhrase(nowEnd(s, s.now), (iso) => formatDayTime(iso, t))}`
      : `  now:  ${nobody}`,
  );
  const until = nothingPlannedUntil(s, o.nowMs);
  const nothing = until
    ? `nothing scheduled until ${formatDayTime(until.until, t)}${thenUnknown(until.after)}`
    : 'unknown';
  lines.push(s.next ? `  next: ${names(s.next.users)} from ${formatDayTime(s.next.start, t)}` : `  next: ${nothing}`);
  return lines;
}

const named = (state: AppState, m: MyShift): string => withAccount(state, m.accountId, m.scheduleName);

/** With several accounts, one line each: its name, address and how its sync stands (the failing one named). */
function accountLines(state: AppState, o: FormatOptions): string[] {
  // One account of several (--account): say which.
  const [only] = state.accounts;
  const fmt = { nowMs: o.nowMs, localZone: o.localZone, locale: undefined };
  const silent = (id: string): string => {
    const text = silenceText(state, id, fmt);
    return text === undefined ? '' : ` · ${text}`;
  };
  if (only && state.accounts.length === 1 && state.settings.accounts.length === 1 && only.id !== MAIN_ACCOUNT_ID)
    return [`Account: ${only.label} (${only.id}, ${only.address || 'no address'})${silent(only.id)}`];
  if (state.accounts.length < 2) {
    // One service muted or paused: said all the same (no reminder comes meanwhile).
    const text = only && silenceText(state, only.id, fmt, 'Reminders');
    return text ? [text] : [];
  }
  return state.accounts.map((a) => {
    const sync =
      a.sync.kind === 'ok' ? 'ok' : `${kindWords(a.sync)}: ${syncText(a.sync, (at) => formatDayTime(at, o))}`;
    return `  ${a.label} (${a.id}, ${a.address || 'no address'}) — ${sync}${silent(a.id)}`;
  });
}

/** "Ready for your next shift:" then each check: "  ok — The app starts at login." */
function readinessLines(state: AppState, o: FormatOptions): string[] {
  const r = state.me.readiness;
  if (!r) return [];
  const head = readinessLine(
    r,
    (iso, zone) => formatDayTime(iso, { ...o, ...(zone ? { scheduleZone: zone } : {}) }),
    state,
  ).text;
  const mark = { ok: 'ok', problem: 'PROBLEM', unknown: "can't tell", checking: 'checking' } as const;
  return [`Ready for your next shift: ${head}`, ...r.checks.map((c) => `  ${mark[c.result]} — ${c.message}`)];
}

/** "Your shifts (next 14 days):" then one line per block: local start–end, the schedule's own time, duration; and,
 *  in order among them, each span where a schedule's shifts couldn't be read (it may hold one of mine: issue 47). */
function myShiftsLines(state: AppState, o: FormatOptions): string[] {
  const rows = [
    ...state.me.shifts.map((m) => ({ at: Date.parse(m.start), line: statusShiftLine(state, m, o) })),
    ...myHoles(state).map((h) => ({ at: Date.parse(h.from), line: statusHoleLine(state, h, o) })),
  ].sort((a, b) => a.at - b.at);
  if (rows.length === 0) return [];
  return [`Your shifts (next ${state.settings.horizonDays} days):`, ...rows.map((r) => r.line)];
}

/** An unreadable span among my shifts: "  Wed 10:00–18:00 (Wed 09:00–17:00 UTC) · Ops: couldn't be read — may be
 *  yours". */
export function statusHoleLine(state: AppState, h: MyHole, o: FormatOptions): string {
  const z = zoned(o, state.schedules.find((s) => s.id === h.scheduleId)?.timeZone);
  // A gap's name already carries its account with several (core/state/account-naming.ts): never "Acme · Acme".
  return `  ${formatWindow(h.from, h.to, z)} · ${h.scheduleName}: ${HOLE_WORDS}`;
}

/** One block of "Your shifts": "  14:00–22:00 (09:00–17:00 New York) · 8 h — Payments US"; an end the read doesn't
 *  cover is "until at least …, then unknown", its length "at least …" (block-words.ts). A block the latest read
 *  didn't read says its basis, as the now/next lines do: " (saved data from 11:00)" (issue 47, round 3). */
export function statusShiftLine(state: AppState, m: MyShift, o: FormatOptions): string {
  const running = blockRunning(m, o.nowMs) ? ' — now' : '';
  const z = zoned(o, state.schedules.find((s) => s.id === m.scheduleId)?.timeZone);
  const window = blockWindow(
    m,
    (a, b) => formatWindow(a, b, z),
    (iso) => formatDayTime(iso, z),
  );
  const length = blockLength(m, (a, b) => formatLength(a, b, o));
  const mark = basisMark(m.basis, (iso) => formatDayTime(iso, o));
  return `  ${window} · ${length} — ${named(state, m)}${running}${mark}`;
}

export function formatStatus(state: AppState, o: FormatOptions): string {
  const header = `OnCall Tray — ${formatDayTime(o.nowMs, o)} (${zoneLabel(o.localZone)})${state.setup.demo ? ' — demo data' : ''}`;
  const blocks = [
    [header, syncLine(state.sync, state, o), ...accountLines(state, o)],
    [...myLines(state, o), ...myShiftsLines(state, o), ...loadLines(state, o)],
    ...(state.me.readiness ? [readinessLines(state, o)] : []),
    // A phone alert that must not ring and may still: its own statement, never a line of the next shift's readiness.
    ...(state.phone?.stillRing?.length ? [stillRingLines(state.phone, o)] : []),
    ...state.schedules.map((s) => scheduleLines(state, s, o)),
    coverageLines(state, o),
  ];
  if (state.notices.length > 0) blocks.push(state.notices.map((n) => `Notice: ${n.message}`));
  return blocks.map((b) => b.join('\n')).join('\n\n') + '\n';
}

/** Why a run that printed only the .ics or the hand-off text exits 4, for stderr (an exit code is never left
 *  unexplained): the Sync line, each source not read fresh, the coverage list, and my shifts where time is unknown. */
export function notWholeLines(state: AppState, o: FormatOptions): string[] {
  const sources = state.schedules.filter((s) => s.status.kind !== 'fresh').map((s) => scheduleLines(state, s, o)[0]);
  const coverage = state.coverage.status.kind !== 'fresh' || state.coverage.issues.length > 0;
  return [
    syncLine(state.sync, state, o),
    ...sources.flatMap((line) => (line === undefined ? [] : [line])),
    ...(coverage ? coverageLines(state, o) : []),
    ...(state.me.gaps.length > 0 ? myLines(state, o) : []),
    // Settings that had to be repaired exit 4 too (the other notices are told on their own).
    ...state.notices.filter((n) => n.id === SETTINGS_NOTICE_ID).map((n) => `Notice: ${n.message}`),
  ];
}
