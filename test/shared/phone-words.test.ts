// What Settings → Phone says of the state's phone status, in main's words (shared/phone-words.ts), and main's
// answer on 'phone:words' as the contract takes it: the status main holds, by main's clock, in the page's zone.
import { describe, expect, it } from 'vitest';
import { alarmHandlers } from '../../electron/adapters/alarm-ipc';
import { invokeChannels } from '../../electron/shared/ipc-contract';
import type { PhoneStatus } from '../../electron/shared/phone-intent';
import { bookingText, testText } from '../../electron/shared/phone-words';

const BERLIN = { locale: 'en-GB', localZone: 'Europe/Berlin' };
const startMs = Date.parse('2026-03-15T21:00:00Z');
const phone: PhoneStatus = {
  provider: 'ntfy',
  server: 'https://ntfy.sh',
  hasSecrets: true,
  lastTest: null,
  booking: 'booked',
  nextBooked: null,
  problem: null,
};

describe('Settings → Phone’s status lines', () => {
  it('words the last test the phone answered, what is booked, and the last failure', () => {
    const ctx = { ...BERLIN, nowMs: startMs };
    expect(testText(phone, ctx)).toBeNull();
    expect(testText({ ...phone, lastTest: '2026-03-15T21:01:00Z' }, ctx)).toBe(
      'Your phone answered the last test at 22:01.',
    );
    expect(bookingText({ ...phone, nextBooked: '2026-03-16T08:03:00Z' }, ctx)).toEqual({
      ok: true,
      text: 'Booked on the server for Mon 09:03: your phone rings even if this computer sleeps.',
    });
    // Nothing booked is said as such, never "booked" (adv50 r6); a schedule still loading is named.
    expect(bookingText({ ...phone, booking: 'none' }, ctx)?.text).toBe(
      'None booked yet: booked on the server once your shift is within 2 days.',
    );
    expect(bookingText({ ...phone, booking: 'none', loading: ['Ops'] }, ctx)).toEqual({
      ok: false,
      text: 'Not booked yet: still loading Ops.',
    });
    expect(bookingText({ ...phone, booking: 'sent-by-this-computer' }, ctx)?.text).toBe(
      'Sent by this computer: your phone rings only if this computer is awake then.',
    );
    expect(bookingText({ ...phone, problem: 'booking the phone alert: the server answered 500' }, ctx)).toEqual({
      ok: false,
      text: 'The last request failed: booking the phone alert: the server answered 500.',
    });
    expect(bookingText({ ...phone, provider: 'off', booking: 'off' }, ctx)).toBeNull();
  });

  it("answers 'phone:words' for the status main holds, by its clock, in the zone asked for", async () => {
    let status: PhoneStatus | undefined = { ...phone, lastTest: '2026-03-15T21:01:00Z' };
    const h = alarmHandlers(
      {
        alarmIntent: async () => ({ ok: true }),
        phoneIntent: async () => ({ ok: true }),
        phoneLink: () => null,
        getState: () => ({ phone: status }),
      },
      { current: () => null, now: () => startMs },
    );
    const request = invokeChannels['phone:words'].request.parse({ localZone: 'Europe/Berlin' });
    const answer = await h['phone:words'](request);
    expect(invokeChannels['phone:words'].response.safeParse(answer).success).toBe(true);
    expect(answer.value).toEqual({
      tested: 'Your phone answered the last test at 22:01.',
      booking: { ok: true, text: 'None booked yet: booked on the server once your shift is within 2 days.' },
    });
    status = undefined;
    expect((await h['phone:words']({})).value).toEqual({ tested: null, booking: null });
    expect(invokeChannels['phone:words'].request.safeParse({ localZone: 'x'.repeat(500) }).success).toBe(false);
  });
});
