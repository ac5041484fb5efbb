// Issue 47's registry: every user-visible text for a state (and a notification log, and a calendar), each with its
// surface, the account it is about and the basis it rests on where it states one of my blocks. The properties
// (test/core/truth/registry-property.test.ts) run over it, so a surface listed here is covered; registry-reach.test.ts
// fails when a module that words times, bases or account names is not reachable from here (or exempt, with why).
// It lives with the tests because it reads the renderer's wording too (renderer → shared only, core never imports it).
import { statusShiftLine } from '../../electron/cli/status-format';
import { statusNextOf } from '../../electron/cli/status-mine';
import { myRunNext, myRunNow } from '../../electron/shared/on-call-run';
import { handoffNextOf } from '../../electron/core/state/handoff-mine';
import { myShiftLine, nextPhrase } from '../../electron/core/state/tray-sections';
import { nextBlockLines, nowStatements } from './text-registry-now';
import type { NotificationRequest } from '../../electron/core/ports';
import type { CalendarInput } from '../../electron/core/calendar/publisher';
import { calendarLog, notificationLog, type AccountReminders } from './text-registry-log';
import { alarmLog, cliAckLog, phoneSettingsTexts, readinessLog } from './text-registry-alarm';
import { pickerLog, type AccountPicker } from './text-registry-picker';
import { swapAnswers } from './text-registry-handoff';
import { lateAnswers } from './text-registry-late';
import { icsTexts, logSaid, notificationTexts, type Said, type Surface } from './text-registry-said';
import type { WriteAnswer } from './text-registry-writes';
import { previewLog, type AccountPreview } from './text-registry-preview';
import { swapFormLog } from './text-registry-swap';
import { takeOverTexts } from './text-registry-takeover';
import { formTexts } from './text-registry-forms';
import type { AppState, MyShift } from '../../electron/shared/view-state';
import { myShiftRows } from '../../renderer/src/lib/my-shift-rows';
import { myStateLine } from '../../renderer/src/lib/status-model';
import { wholeSurfaces, type WholeSurfaces } from './text-registry-whole';
import { loadTexts } from './text-registry-load';

export type { Said, Surface } from './text-registry-said';

export interface RegistryInput {
  state: AppState;
  nowMs: number;
  localZone: string;
  notifications?: readonly NotificationRequest[];
  ics?: string;
  /** Each account's reminders, worded by the real planner and judge when they fall due. */
  reminders?: readonly AccountReminders[];
  /** The calendar's input: each block it tells, with its summary and description. */
  calendar?: CalendarInput;
  /** People pickers asked ("who could cover"), each for one account's schedule and window. */
  pickers?: readonly AccountPicker[];
  /** The engine's answers to writes, each run by text-registry-writes.ts (async: asked before, passed in here). */
  writes?: readonly WriteAnswer[];
  /** Override forms asked (a schedule, a window, who covers), each planned and worded as the form shows it. */
  previews?: readonly AccountPreview[];
}

/** My blocks as each surface states them: the words its own wording function makes for the one statement. */
function statements(input: RegistryInput, whole: WholeSurfaces): Said[] {
  const { state, nowMs, localZone } = input;
  const f = { nowMs, localZone, locale: undefined };
  const o = { nowMs, localZone };
  const ctx = { nowMs, locale: 'en-GB', localZone };
  type Kind = NonNullable<Said['statement']>['kind'];
  const said = (
    surface: Exclude<
      Surface,
      'notification' | 'ics' | 'settings' | 'picker' | 'handoff-answer' | 'write-answer' | 'form-preview'
    >,
    kind: Kind,
    m: MyShift,
    text: string,
  ) => ({
    surface,
    accountId: m.accountId,
    basis: m.basis,
    text,
    statement: { kind, shift: m, shownIn: whole[surface] },
  });
  const out: Said[] = [];
  // The menu says my shift only once a key is there and a schedule is watched (else it asks for setup).
  const menu = state.setup.hasKey && state.schedules.length > 0;
  const run = myRunNow(state, nowMs);
  // The menu's first item the short glance (not the whole line): each schedule's own statement is in its submenu.
  const menuShort = menu && whole['tray-menu'].split('\n')[0] !== myShiftLine(state, f);
  out.push(...nowStatements(state, run, menu, { f, o }, said, menuShort));
  const next = state.me.nextShift;
  // My next on-call time: the block, or the run it starts (back to back, or its end unknown).
  const nextRun = myRunNext(state, nowMs);
  if (next && state.me.onCallNow.length === 0)
    out.push(
      said('tray-tooltip', 'next', next, nextPhrase(state, f) ?? ''),
      // Under a short first item, each block of my next on-call time in its own schedule's submenu (adv49 r30).
      ...(menu && !menuShort ? [said('tray-menu', 'next', next, nextPhrase(state, f) ?? '')] : []),
      ...(menu && menuShort ? nextBlockLines(state, f).map(([b, text]) => said('tray-menu', 'next', b, text)) : []),
      said('status', 'next', next, statusNextOf(state, next, nextRun, o)),
    );
  // The hand-off's next block: the run it starts, as `status` says it; while I am on call, the block after my run.
  const handoffRun = state.me.onCallNow.length === 0 ? nextRun : null;
  if (next) out.push(said('handoff', 'next', next, handoffNextOf(state, next, handoffRun, o)));
  // The popover's status line speaks of the block ending last (now) or the next one.
  // The popover's status line speaks of my continuous on-call time (its basis: the first block from saved data).
  const current = run ? (run.blocks.find((b) => b.basis.kind !== 'fresh') ?? run.blocks[0]) : undefined;
  const first = current ?? next;
  if (first) out.push(said('popover', current ? 'now' : 'next', first, myStateLine(state, ctx).detail));
  // Every block of mine as listed: the popover's My shifts rows and `status`'s "Your shifts" (window and length).
  const rows = myShiftRows(state, ctx);
  state.me.shifts.forEach((m, i) => {
    const row = rows[i];
    const words = row ? [row.scheduleName, row.day, row.span, row.length, row.basis] : [];
    if (row) out.push(said('popover', 'block', m, words.join(' ').trim()));
    out.push(said('status', 'block', m, statusShiftLine(state, m, o).trim()));
  });
  return out;
}

/** Every user-visible text for a state, a notification log and a calendar: whole surfaces, then statements. */
export function everyText(input: RegistryInput): Said[] {
  const whole = wholeSurfaces(input);
  const surfaces: Said[] = Object.entries(whole).map(([surface, text]) => ({
    surface: surface as Surface,
    accountId: null,
    basis: null,
    text,
  }));
  const phone = phoneSettingsTexts(input.state, input.nowMs, input.localZone);
  const settings: Said[] =
    phone.length > 0 ? [{ surface: 'settings', accountId: null, basis: null, text: phone.join('\n') }] : [];
  return [
    ...surfaces,
    ...settings,
    ...statements(input, whole),
    ...loadTexts(input, whole),
    ...takeOverTexts(input.state, input.nowMs, input.localZone),
    ...formTexts(input.state, input.nowMs, input.localZone),
    ...notificationTexts(input.notifications ?? []),
    ...(input.ics === undefined ? [] : icsTexts(input.ics)),
    ...notificationLog(input.reminders ?? []).map((t) => logSaid('notification', t)),
    ...alarmLog(input.reminders ?? []).map((t) => logSaid('notification', t)),
    ...cliAckLog(input.reminders ?? []).map((t) => ({ ...logSaid('notification', t), surface: 'status' as const })),
    ...readinessLog(input.state, input.nowMs, input.localZone).map((t) => logSaid('notification', t)),
    ...(input.calendar === undefined ? [] : calendarLog(input.calendar).map((t) => logSaid('ics', t))),
    ...[
      ...swapAnswers(input.state, input.nowMs, input.localZone),
      ...lateAnswers(input.state, input.nowMs, input.localZone),
    ].map((t) => ({
      surface: 'handoff-answer' as const,
      accountId: t.accountId,
      basis: null,
      text: t.text,
      kind: t.kind,
    })),
    ...pickerLog(input.pickers ?? []).map((t) => ({
      surface: 'picker' as const,
      accountId: t.accountId,
      basis: null,
      text: t.text,
      kind: `candidate ${t.email}`,
    })),
    // One account's session answers each write (its own): the state's single account, else not attributed.
    ...(input.writes ?? []).map((w) => ({
      surface: 'write-answer' as const,
      accountId: input.state.accounts.length === 1 ? (input.state.accounts[0]?.id ?? null) : null,
      basis: null,
      text: w.text,
      kind: `${w.kind} (${w.outcome})`,
    })),
    ...previewLog(input.previews ?? []).map((t) => ({
      surface: 'form-preview' as const,
      accountId: t.accountId,
      basis: t.basis,
      text: t.text,
      kind: t.kind,
    })),
    ...swapFormLog(input.state, input.nowMs, input.localZone).map((t) => ({
      surface: 'form-preview' as const,
      accountId: t.accountId,
      basis: t.basis,
      text: t.text,
      kind: t.kind,
    })),
  ];
}
