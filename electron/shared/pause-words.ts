// Every pause running now, in words, for each surface that shows state at a glance (tray tooltip, popover): the
// app's own ("Notifications paused until 14:00") and each account's ("Acme: reminders paused until 02:25"), so a
// pause is seen wherever the icon shows it, until it ends, with the account it is about.
import type { AccountId } from './account-names';
import type { AppState } from './view-state';

export interface PauseNote {
  /** "Notifications paused until 14:00" / "Acme: reminders paused until 02:25". */
  text: string;
  /** The account whose pause it is; absent for the app's own pause. */
  accountId?: AccountId;
}

type PauseState = { settings: Pick<AppState['settings'], 'pausedUntil' | 'accounts'> };
type AccountFields = AppState['settings']['accounts'][number];

/** Until when an account's own pause runs (not muted: muting is said as muted), or NaN. Read from its fields here,
 *  as shared/accounts accountSilence does, so the popover's first chunk needn't load that module. */
const pausedUntilMs = (a: AccountFields, nowMs: number): number => {
  const ms = a.muted === true || !a.pausedUntil ? NaN : Date.parse(a.pausedUntil);
  return ms > nowMs ? ms : NaN;
};

/** The pauses running at `nowMs`: the app's first, then each paused account's in the settings' order. */
export function pauseNotes(state: PauseState, nowMs: number, time: (ms: number) => string): PauseNote[] {
  const notes: PauseNote[] = [];
  const { pausedUntil, accounts } = state.settings;
  const appMs = pausedUntil === null ? NaN : Date.parse(pausedUntil);
  if (appMs > nowMs) notes.push({ text: `Notifications paused until ${time(appMs)}` });
  for (const a of accounts) {
    const untilMs = pausedUntilMs(a, nowMs);
    if (Number.isNaN(untilMs)) continue;
    const text = `reminders paused until ${time(untilMs)}`;
    notes.push({ text: accounts.length > 1 ? `${a.label}: ${text}` : `R${text.slice(1)}`, accountId: a.id });
  }
  return notes;
}

/** Whether every account's reminders are paused now (the icon then shows the pause, as for the app's own). */
export function everyAccountPaused(state: PauseState, nowMs: number): boolean {
  const { accounts } = state.settings;
  return accounts.length > 0 && accounts.every((a) => !Number.isNaN(pausedUntilMs(a, nowMs)));
}

/** The pauses in one short line, for a glance with no room for each ("2 accounts paused until 12:33";
 *  ", the first until 12:33" where they end apart): the app's own where it runs, as it silences everything; `tight`,
 *  the app's own in fewest words ("Paused until 11:33": on call on two accounts from saved data with my end unknown
 *  and two alarms, Windows' 127-character cut had no room for "Notifications paused until 11:33"). */
export function pauseNoteShort(
  state: PauseState,
  nowMs: number,
  time: (ms: number) => string,
  tight = false,
): string | undefined {
  const notes = pauseNotes(state, nowMs, time);
  const app = notes.find((n) => n.accountId === undefined);
  const appMs = Date.parse(state.settings.pausedUntil ?? '');
  if (app && tight) return `Paused until ${time(appMs)}`;
  if (app || notes.length === 0) return app?.text;
  const ends = state.settings.accounts.map((a) => pausedUntilMs(a, nowMs)).filter((ms) => !Number.isNaN(ms));
  const first = Math.min(...ends);
  const where = `${ends.length} account${ends.length > 1 ? 's' : ''} paused`;
  return ends.every((ms) => ms === first)
    ? `${where} until ${time(first)}`
    : `${where}, the first until ${time(first)}`;
}
