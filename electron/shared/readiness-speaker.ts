// The account a readiness statement names: the one that speaks for the shift (the first account of its service
// watching its schedule that is neither muted nor paused at `nowMs`: shared/accounts.ts speakerOf, the reminders'
// and start alarm's rule), else the shift's own. One function for every surface (tray menu, popover, `status`, the
// warning notification), so one account's mute never renames what another's line says (fix47ah 2; adv47 r17 #4).
// Zod-free.
import { sameService, speakerOf } from './service-identity';
import type { AccountId } from './account-names';
import type { Readiness } from './view-state';

interface WatchingAccount {
  id: AccountId;
  label: string;
  baseUrl: string;
  email: string;
  schedules: readonly { id: string }[];
  muted?: boolean | undefined;
  pausedUntil?: string | null | undefined;
}

/** What the speaker is chosen from: the settings' accounts and the schedules (their service ids). */
export interface SpeakerState {
  settings: { accounts: readonly WatchingAccount[] };
  schedules: readonly { id: string; scheduleId?: string }[];
}

/** The accounts that see a shift of `accountId` on its schedule (service id): itself, and every account of the same
 *  service watching that schedule too (their alarm and reminders for it are one). */
export function shiftWatchers(
  accounts: readonly WatchingAccount[],
  accountId: string,
  serviceScheduleId: string,
): string[] {
  const self = accounts.find((a) => a.id === accountId);
  if (!self) return [accountId];
  const others = accounts.filter(
    (a) => a.id !== accountId && sameService(a, self) && a.schedules.some((s) => s.id === serviceScheduleId),
  );
  return [accountId, ...others.map((a) => a.id)];
}

/** The account that speaks for the readiness shift at `nowMs`, or undefined when every one watching it is silent. */
export function readinessSpeaker(state: SpeakerState, r: Readiness, nowMs: number): AccountId | undefined {
  const accounts = state.settings.accounts;
  const serviceId = state.schedules.find((s) => s.id === r.shift.scheduleId)?.scheduleId ?? r.shift.scheduleId;
  return speakerOf(accounts, shiftWatchers(accounts, r.shift.accountId, serviceId), nowMs)?.id;
}
