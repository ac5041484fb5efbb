// The readiness warning for my next shift, worded as the notification says it: titled and worded with the account
// that speaks for the shift (the first watching it neither muted nor paused, as its reminders and start alarm are),
// so one account's mute never silences or renames what another tells (adv47 r17 #4). Used by readiness.ts.
import { appWide, readinessLine, type ReadinessLine } from '../../shared/readiness-text';
import { formatDayTime } from '../../shared/format';
import { withAccount, type AccountId } from '../../shared/account-names';
import type { AppState, Readiness } from '../../shared/view-state';
import type { NotificationRequest } from '../ports';
import { readinessSpeaker as speakerFor } from '../../shared/readiness-speaker';
import { readinessToldKey } from '../readiness/told-key';

/** The account that speaks for the readiness shift at `nowMs`: the first account (settings' order) watching its
 *  schedule on its service that is neither muted nor paused (shared/accounts.ts speakerOf, the reminders' and start
 *  alarm's rule), or undefined when every one is silent. */
export function readinessSpeaker(state: AppState, r: Readiness, nowMs: number): AccountId | undefined {
  return speakerFor(state, r, nowMs);
}

/** The readiness line for my next shift, and the warning to tell when it names a problem (keyed by the problem,
 *  worded and titled with the account that speaks for the shift while there are several: one account's mute never
 *  changes what another's warning says, adv47 r17 #4). `silenced`: no account speaks for it, so none is told. */
export function readinessWarning(
  state: AppState,
  r: Readiness,
  opts: { nowMs: number; localZone: string },
): { line: ReadinessLine; notice?: NotificationRequest; accountId: AccountId; silenced: boolean } {
  const time = (iso: string, zone?: string) => formatDayTime(iso, { ...opts, ...(zone ? { scheduleZone: zone } : {}) });
  // Worded and named once, as every surface's line (the same chooser: shared/readiness-speaker.ts).
  const line = readinessLine(r, time, state);
  const speaker = readinessSpeaker(state, r, opts.nowMs);
  const accountId = speaker ?? r.shift.accountId;
  const silenced = speaker === undefined;
  if (!line.problem) return { line, accountId, silenced };
  const notice = {
    id: readinessToldKey(r, line.problem),
    // Start at login and the notifications are the app's, no one account's: titled as their line, unnamed.
    title: appWide(line.problem)
      ? 'Not ready for your shift'
      : withAccount(state, accountId, 'Not ready for your shift'),
    body: line.text,
    target: 'status' as const,
    params: { scheduleId: r.shift.scheduleId },
  };
  return { line, notice, accountId, silenced };
}
