// A muted account, or one paused past its shift's start, rings nothing for that shift: not a reminder, not the
// start alarm (docs/settings-and-accounts.md: muting silences even a start). So its readiness says so as its one
// problem, never "Reminders are on … Shift-start alarm: loud ✓" for a shift that will pass in silence.
// A start seen by several accounts of one service (the same schedule watched twice) is one alarm that rings iff any
// of them is neither muted nor paused: `startRinger` is that rule, for the alarm engine and readiness alike (adv50
// r7: muting the first account rang the start through the second, while readiness said nothing would come).
import { accountSilence, speakerOf } from '../../shared/accounts';
import { shiftWatchers } from '../../shared/readiness-speaker';
import type { Account } from '../../shared/account-settings';
import type { AppState, ReadinessCheck } from '../../shared/view-state';

export type StartSilence = 'muted' | 'paused';

/** Why the account itself rings nothing at `startMs` (muted, or paused until after it), or undefined when it speaks.
 *  Being told by an earlier account of the same service is not silence here: that one's own rule decides. */
export function silenceAtStart(
  accounts: readonly Account[],
  accountId: string,
  startMs: number,
): StartSilence | undefined {
  const silence = accountSilence(accounts, accountId, startMs);
  return silence?.kind === 'muted' || silence?.kind === 'paused' ? silence.kind : undefined;
}

/** The account that rings a start seen by `watcherIds`: the first of them (in the settings' order) neither muted nor
 *  paused at `atMs`, or undefined when every one is silent (the start passes unrung). The reminders of a schedule
 *  two accounts watch are told through the same one (shared/accounts.ts speakerOf, toldElsewhereAt). */
export function startRinger<A extends Account>(
  accounts: readonly A[],
  watcherIds: readonly string[],
  atMs: number,
): A | undefined {
  return speakerOf(accounts, watcherIds, atMs);
}

/** The accounts that see a shift of `accountId` on its schedule (service id): shared/readiness-speaker.ts
 *  shiftWatchers, one rule for the alarm and every readiness line. */
export function startWatchers(accounts: readonly Account[], accountId: string, serviceScheduleId: string): string[] {
  return shiftWatchers(accounts, accountId, serviceScheduleId);
}

export interface StartJudgement {
  /** The account whose alarm rings the start, or undefined when none will. */
  ringer: Account | undefined;
  /** Why the shift's own account is silent at the start, when it is. */
  own: StartSilence | undefined;
  /** More than one account sees the start (the line then names the one that rings). */
  shared: boolean;
  /** The shift's schedule as its service names it (its ref in the state is `account:id` for most accounts): the id
   *  the ringer's reminder choice is kept under. */
  serviceScheduleId: string;
}

/** How the start of the readiness shift in `state` rings (the alarm engine's rule, `startRinger`). */
export function judgeStart(
  state: Pick<AppState, 'schedules'>,
  accounts: readonly Account[],
  shift: { accountId: string; scheduleId: string; start: string },
): StartJudgement {
  const startMs = Date.parse(shift.start);
  const serviceId = state.schedules.find((s) => s.id === shift.scheduleId)?.scheduleId ?? shift.scheduleId;
  const watchers = startWatchers(accounts, shift.accountId, serviceId);
  return {
    ringer: startRinger(accounts, watchers, startMs),
    own: silenceAtStart(accounts, shift.accountId, startMs),
    shared: watchers.length > 1,
    serviceScheduleId: serviceId,
  };
}

function silencedCheck(label: string, why: StartSilence): ReadinessCheck {
  const how = why === 'muted' ? 'muted' : 'paused past its start';
  const fix = why === 'muted' ? 'unmute them' : 'resume them';
  return {
    id: 'reminders',
    result: 'problem',
    message: `Reminders for ${label} are ${how}: no reminder or alarm will come for this shift; ${fix} in the tray menu or Settings.`,
    action: 'settings',
  };
}

/** A silent account whose shift is told all the same, through another account watching it: its reminders and its
 *  start alarm (the same rule, shared/accounts.ts speakerOf). */
function ringsElsewhereCheck(label: string, why: StartSilence, ringer: string): ReadinessCheck {
  const how = why === 'muted' ? 'muted' : 'paused past its start';
  return {
    id: 'reminders',
    result: 'ok',
    message: `Reminders for ${label} are ${how}, but this shift's reminders and its shift-start alarm come through ${ringer}, which watches this schedule too.`,
  };
}

/** The account's state with its readiness saying that its shift will pass in silence, where it will. */
export function withStartSilence(state: AppState, account: Account, accounts: readonly Account[]): AppState {
  const r = state.me.readiness;
  if (!r) return state;
  const { ringer, own } = judgeStart(state, accounts, { ...r.shift, accountId: account.id });
  if (!own) return state;
  const check = ringer ? ringsElsewhereCheck(account.label, own, ringer.label) : silencedCheck(account.label, own);
  const checks = r.checks.map((c) => (c.id === 'reminders' ? check : c));
  return { ...state, me: { ...state.me, readiness: { ...r, checks } } };
}
