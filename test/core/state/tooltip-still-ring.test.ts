// adv47 round 11 #3: "Your phone may still ring at 10:03 for the Ops shift you no longer have (cancelling it hasn't
// gone through: …)" is 139–150 characters, had no short form, and so fell past Windows' 127-character cut in every
// world, while the menu, `status` and the popover said it. It asks me as an alarm does: at the cut its short form
// ("Phone may still ring at 10:03 (Ops)") stays, beside my next shift and the pause.
import { describe, expect, it } from 'vitest';
import { trayTooltip } from '../../../electron/core/state/tray-menu';
import { scheduleRef } from '../../../electron/shared/accounts';
import type { StillRing } from '../../../electron/shared/phone-intent';
import type { AppState, MyShift } from '../../../electron/shared/view-state';
import { appState } from '../../renderer/support/state';

const NOW = Date.parse('2026-03-10T08:10:00Z');
const ZONE = 'Europe/Berlin';
const fresh = { kind: 'fresh' as const, readAt: null };

function stateOf(o: { paused: boolean; passed: boolean; two: boolean; utc?: boolean }): AppState {
  const base = appState();
  const account = base.accounts[0]?.id ?? base.settings.accounts[0]!.id;
  const next: MyShift = {
    accountId: account,
    scheduleId: scheduleRef(account, 'sch_ops'),
    scheduleName: 'Ops',
    start: '2026-03-11T09:00:00Z',
    end: '2026-03-11T17:00:00Z',
    basis: fresh,
    endBasis: fresh,
  };
  const ring: StillRing = {
    key: 'k1',
    at: '2026-03-10T09:03:00Z',
    scheduleName: 'Ops',
    ...(o.two ? { accountName: 'Work' } : {}),
    ...(o.utc ? { scheduleZone: 'Etc/UTC' } : {}),
    why: 'not-mine',
    error: 'could not connect (ECONNREFUSED)',
    passed: o.passed,
  };
  return {
    ...base,
    settings: { ...base.settings, pausedUntil: o.paused ? '2026-03-10T08:30:00Z' : null },
    me: { ...base.me, onCallNow: [], shifts: [next], nextShift: next },
    phone: {
      provider: 'ntfy',
      server: 'https://ntfy.example.com',
      hasSecrets: true,
      lastTest: null,
      booking: 'booked',
      nextBooked: null,
      problem: null,
      stillRing: [ring],
    },
  };
}

describe("a phone alert that may still ring survives Windows' cut (adv47 r11 #3)", () => {
  it.each([
    { paused: false, passed: false, two: false, line: 'Phone may still ring at 10:03 (Ops)' },
    { paused: true, passed: false, two: false, line: 'Phone may still ring at 10:03 (Ops)' },
    { paused: true, passed: false, two: true, line: 'Phone may still ring at 10:03 (Work · Ops)' },
    { paused: true, passed: true, two: false, line: 'Phone may have rung at 10:03 (Ops)' },
    // adv47 r11 #5: the schedule's own time beside the local one, as the whole line and every other line give it.
    {
      paused: true,
      passed: false,
      two: true,
      utc: true,
      line: 'Phone may still ring at 10:03 (09:03 UTC) (Work · Ops)',
    },
  ])('%o', ({ line, ...o }) => {
    const whole = trayTooltip(stateOf(o), NOW, ZONE, { locale: 'en-GB' });
    const cut = trayTooltip(stateOf(o), NOW, ZONE, { locale: 'en-GB', maxChars: 127 });
    expect(cut.length).toBeLessThanOrEqual(127);
    // The whole sentence where there is room (macOS, Linux); its short form at the cut.
    const at = o.utc ? '10:03 \\(09:03 UTC\\)' : '10:03';
    expect(whole).toMatch(new RegExp(`Your phone may (still ring|have rung) at ${at} for the .*Ops shift`));
    expect(cut.split('\n')).toContain(line);
    expect(cut.split('\n')[0]).toMatch(/^Next on call: /);
    if (o.paused) expect(cut).toMatch(/^Notifications paused until 09:30$/m);
  });
});
