// The registry's alarm and phone texts (issue 47): for each shift start the alarm plans (core/alarm/plan.ts), what
// rings and what stands after it, worded by the functions the engine uses: the loud notification (alarm/words.ts,
// named as core/engine/alarm-ring.ts names it), the alarm window (main's shared/alarm-words over alarm-ring's view, sent worded), the
// phone's message (alarm/words.ts phoneWords, as engine/phone.ts books it) and the tray's ack line (alarms.ts
// alarmStatus, shared/alarm-text.ts). And the readiness warning notification (core/engine/readiness.ts). A start
// told by several accounts of one service rings once, as the first account's, resting on the freshest read of it.
import { planAlarms, serviceKeyOf } from '../../electron/core/alarm/plan';
import type { AlarmTarget } from '../../electron/core/alarm/types';
import { phoneWords } from '../../electron/core/alarm/words';
import { ringWords } from '../../electron/core/engine/alarm-ring';
import { ackAnswer, stillRingsLine } from '../../electron/core/alarm/cli-ack';
import { alarmAbout, alarmStatus } from '../../electron/core/engine/alarms';
import { readinessWarning } from '../../electron/core/engine/readiness-warning';
import { reminderBasis } from '../../electron/core/reminders/messages';
import { alarmLine } from '../../electron/shared/alarm-text';
import type { AppState } from '../../electron/shared/view-state';
import { alarmWords } from '../../electron/shared/alarm-words';
import { bookingText, testText } from '../../electron/shared/phone-words';
import { testAnswered } from '../../electron/core/engine/phone';
import type { AccountReminders, LogText } from './text-registry-log';

/** Minutes the phone waits for an acknowledgement (the setting's value is not what is checked). */
const PHONE_AFTER_MIN = 5;

interface Rung {
  target: AlarmTarget;
  account: AccountReminders;
  savedAtMs: number | undefined;
}

/** Each start once, as the first account's (alarms.ts `seen`), saved only where no account has it fresh
 *  (alarms.ts `savedAtOf`). */
function rungStarts(accounts: readonly AccountReminders[]): Rung[] {
  const planned = accounts.map((account) => {
    const { snapshot, settings, nowMs, localZone } = account.input;
    const serviceKey = serviceKeyOf(settings.baseUrl);
    return { account, targets: planAlarms({ snapshot, settings, nowMs, localZone, serviceKey }) };
  });
  const seen = new Map<string, Rung>();
  for (const { account, targets } of planned)
    for (const target of targets) {
      if (seen.has(target.key)) continue;
      const from = planned.flatMap((p) => {
        const own = p.targets.find((x) => x.key === target.key);
        return own ? [own.keptReadAtMs ?? p.account.savedAtMs] : [];
      });
      const savedAtMs = from.includes(undefined) ? target.keptReadAtMs : Math.max(...from.map((ms) => ms ?? 0));
      seen.set(target.key, { target, account, savedAtMs });
    }
  return [...seen.values()];
}

function textsOf({ target, account, savedAtMs }: Rung): LogText[] {
  const { localZone } = account.input;
  const nowMs = target.atMs;
  const ring = { target, late: false, again: false };
  const about = { accountId: account.accountId, basis: reminderBasis(savedAtMs) };
  // The account's name is given only while there are several (as the engine's label is), so "several" is that.
  const named = { accountName: account.label ?? '', several: account.label !== undefined, savedAtMs };
  const { view, notification: n } = ringWords(ring, { ...named, nowMs, localZone });
  const win = alarmWords(view, { nowMs, locale: 'en-GB', localZone });
  const said = alarmAbout(named);
  const phone = phoneWords(target, PHONE_AFTER_MIN, localZone, said, target.atMs + PHONE_AFTER_MIN * 60_000);
  const rec = { startMs: target.startMs, endMs: target.endMs, rungAtMs: nowMs };
  const status = alarmStatus(target, rec, said.accountName, nowMs);
  return [
    { ...about, kind: 'alarm', text: `${n.title}\n${n.body}` },
    {
      ...about,
      kind: 'alarm-window',
      text: [win.headline, win.where, win.basis ?? '', win.when, win.handover ?? ''].join('\n'),
    },
    { ...about, kind: 'phone', text: `${phone.title}\n${phone.body}` },
    // The ack line states the alarm's own record (rang at the start, not acknowledged), not the shift's data.
    { ...about, basis: null, kind: 'alarm-ack-line', text: alarmLine(status, { nowMs, localZone }) },
  ];
}

/** `status --ack`'s answer for each planned alarm rung at its start (core/alarm/cli-ack.ts), worded then and a
 *  minute before its shift ends (a start not of that day said with its day). */
export function cliAckLog(accounts: readonly AccountReminders[]): LogText[] {
  return rungStarts(accounts).flatMap(({ target, account }) => {
    const start = {
      ...(account.label === undefined ? {} : { accountName: account.label }),
      scheduleName: target.scheduleName,
      start: target.startMs,
      scheduleZone: target.scheduleZone,
    };
    const zone = account.input.localZone;
    const said = (text: string, kind = 'cli-ack') => ({ accountId: account.accountId, basis: null, kind, text });
    return [
      ...[target.atMs, target.endMs - 60_000]
        .filter((atMs) => atMs >= target.atMs)
        .map((atMs) => said(ackAnswer([start], atMs, zone))),
      // Acknowledged from the terminal with a phone alert booked 3 minutes after the start (the default wait).
      said(stillRingsLine(target.atMs + 3 * 60_000, start, zone, target.atMs), 'cli-ack-booked'),
    ];
  });
}

/** What each planned shift-start alarm says, on every surface it rings or stands on. */
export function alarmLog(accounts: readonly AccountReminders[]): LogText[] {
  return rungStarts(accounts).flatMap(textsOf);
}

/** The readiness warning the state's readiness makes (none while it names no problem). */
export function readinessLog(state: AppState, nowMs: number, localZone: string): LogText[] {
  const r = state.me.readiness;
  if (!r) return [];
  const { notice, accountId } = readinessWarning(state, r, { nowMs, localZone });
  if (!notice) return [];
  return [{ accountId, basis: r.shift.basis, kind: 'readiness', text: `${notice.title}\n${notice.body}` }];
}

/** Settings → Phone: what is booked and when the phone last answered, as the form says it and as "Send test"
 *  answered it (none without a phone status in the state). */
export function phoneSettingsTexts(state: AppState, nowMs: number, localZone: string): string[] {
  const ctx = { nowMs, locale: 'en-GB', localZone };
  const lastTest = state.phone?.lastTest;
  return [
    bookingText(state.phone, ctx)?.text ?? '',
    testText(state.phone, ctx) ?? '',
    lastTest ? testAnswered(Date.parse(lastTest), localZone) : '',
  ].filter((t) => t !== '');
}
