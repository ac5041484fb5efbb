// What the alarm window and Settings → Phone say, in plain Node: the alarm's headline and times in local time with
// the schedule's zone beside it (in the weeks where the US has moved its clocks and Europe has not), and the phone
// form's checks and its save intent (a secret only when typed); what the phone's status says is main's
// (test/shared/phone-words.test.ts).
import { describe, expect, it } from 'vitest';
import type { AlarmView } from '../../electron/shared/alarm-view';
import { alarmWords } from '../../electron/shared/alarm-words';
import type { PhoneStatus } from '../../electron/shared/phone-intent';
import { draftFrom, errorsOf, keysSaved, saveIntent, type PhoneDraft } from '../../renderer/src/lib/phone-form';
import { PhoneIntentSchema, type PhoneSecrets } from '../../electron/shared/phone-intent';
import { missingKeys } from '../../electron/core/engine/phone-checks';

const BERLIN = { locale: 'en-GB', localZone: 'Europe/Berlin' };
// 2026-03-15: New York on summer time since 8 March, Berlin not until 29 March: 5 h apart, not 6.
const startMs = Date.parse('2026-03-15T21:00:00Z');
const view: AlarmView = {
  key: 'k',
  accountName: 'Acme',
  scheduleName: 'Payments US',
  startUtc: '2026-03-15T21:00:00Z',
  endUtc: '2026-03-16T05:00:00Z',
  scheduleZone: 'America/New_York',
  handoverFrom: ['Bob', 'Carol'],
  endKnown: true,
  late: false,
  again: false,
  test: false,
};

describe('the alarm window’s words', () => {
  it('says now, since (late), at (early), in local time and the schedule’s own', () => {
    const now = alarmWords(view, { ...BERLIN, nowMs: startMs + 30_000 });
    expect([now.headline, now.where, now.handover]).toEqual([
      'On call now',
      'Acme · Payments US',
      'Bob and Carol hand over to you.',
    ]);
    expect(now.when).toMatch(/^Your shift: .*22:00.*06:00 \(.*17:00.*01:00 New York\)$/);
    const late = alarmWords({ ...view, late: true }, { ...BERLIN, nowMs: startMs + 30 * 60_000 });
    expect(late.headline).toBe('On call since 22:00 (17:00 New York)');
    // A start on another day names its day, as the shift line does (adv47 round 6, #2: "since 22:00" read as today's).
    // A past day carries its date (adv49 r19: a bare weekday read as the coming one).
    const yesterday = alarmWords({ ...view, late: true }, { ...BERLIN, nowMs: startMs + 23 * 3_600_000 });
    expect(yesterday.headline).toMatch(/^On call since 15 Mar, 22:00 \(/);
    expect(yesterday.when).toContain('15 Mar, 22:00');
    expect(alarmWords(view, { ...BERLIN, nowMs: startMs - 5 * 60_000 }).headline).toBe(
      'On call at 22:00 (17:00 New York)',
    );
    const same = alarmWords(
      { ...view, scheduleZone: 'Europe/Berlin', handoverFrom: [] },
      { ...BERLIN, nowMs: startMs },
    );
    expect(same.when).not.toContain('(');
    expect(same.handover).toBeNull();
    expect(same.basis).toBeNull();
    // Saved data is said, never stated as fact: its day and time, as every surface says it.
    const saved = alarmWords({ ...view, savedAt: '2026-03-14T17:59:00Z' }, { ...BERLIN, nowMs: startMs });
    expect(saved.basis).toBe('According to saved data from 14 Mar, 18:59');
    expect(alarmWords({ ...view, test: true, late: true }, { ...BERLIN, nowMs: startMs }).headline).toBe(
      'Test alarm — nothing to do',
    );
  });

  it('an end no read covers is said as "until at least 06:00, then unknown", never as a plain end', () => {
    const unknown = alarmWords({ ...view, endKnown: false }, { ...BERLIN, nowMs: startMs + 30_000 });
    expect(unknown.when).toMatch(
      /^Your shift: from .*22:00.* until at least .*06:00 \(.*01:00 New York\), then unknown$/,
    );
    expect(unknown.when).not.toMatch(/–/);
  });
});

describe('Settings → Phone', () => {
  const phone: PhoneStatus = {
    provider: 'ntfy',
    server: 'https://ntfy.sh',
    hasSecrets: true,
    lastTest: null,
    booking: 'booked',
    nextBooked: null,
    problem: null,
  };

  // Main's checks alone (issue 49): the intent the form sends, through the contract's schema at the IPC edge (its
  // problems named by path, as ipc.ts names them) and the engine's keychain check, comes back in the form's words.
  const refused = (d: PhoneDraft, saved: PhoneSecrets = {}) => {
    const intent = saveIntent(d);
    const parsed = PhoneIntentSchema.safeParse(intent);
    if (!parsed.success)
      return errorsOf(parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })));
    if (parsed.data.kind !== 'save') return {};
    return errorsOf(missingKeys(parsed.data.settings, parsed.data.secrets, saved));
  };

  it("checks the draft in main, each problem on its field in the form's words", () => {
    const d = draftFrom(undefined);
    expect(d).toMatchObject({ provider: 'off', ntfyServer: 'https://ntfy.sh', afterMin: '3', ntfyToken: '' });
    expect(draftFrom({ provider: 'pushover', ntfyServer: 'https://ntfy.sh', afterMin: 7 })).toMatchObject({
      provider: 'pushover',
      afterMin: '7',
    });
    const minutes = { afterMin: 'A whole number of minutes, 1 to 30.' };
    for (const bad of ['0', '2.5', '31', 'abc', ''])
      expect([bad, refused({ ...d, afterMin: bad })]).toEqual([bad, minutes]);
    // The server as the settings' schema takes it: https (http only on this computer), no path.
    const server = { ntfyServer: 'The server’s https address, such as https://ntfy.sh (no path).' };
    for (const bad of ['ntfy.sh', 'http://ntfy.sh', 'https://ntfy.sh/mytopic', 'https://user:pw@ntfy.sh'])
      expect([bad, refused({ ...d, provider: 'ntfy', ntfyServer: bad })]).toEqual([bad, server]);
    for (const good of ['https://ntfy.sh', 'https://ntfy.example.org:8443/', 'http://127.0.0.1:2586'])
      expect([good, refused({ ...d, provider: 'ntfy', ntfyServer: good })]).toEqual([good, {}]);
    expect(refused({ ...d, provider: 'ntfy', ntfyToken: 'tk_short' })).toEqual({
      ntfyToken: 'At least 24 characters, only letters, digits, - and _ (as ntfy makes them).',
    });
    expect(refused({ ...d, provider: 'pushover', pushoverUser: 'u'.repeat(30) })).toEqual({
      pushoverApp: 'The app token is needed.',
    });
    expect(refused({ ...d, provider: 'pushover' }, { pushoverApp: 'a', pushoverUser: 'u' })).toEqual({});
    expect(refused({ ...d, provider: 'webhook' }, { webhookUrl: 'https://hooks.example.com/x' })).toEqual({});
    expect(refused({ ...d, provider: 'webhook' })).toEqual({ webhookUrl: 'The webhook’s address is needed.' });
    expect(refused({ ...d, provider: 'webhook', webhookUrl: 'http://x' })).toEqual({
      webhookUrl: 'An https:// address.',
    });
  });

  it('counts keys as saved only for the provider they were saved for', () => {
    expect(keysSaved(phone, 'ntfy')).toBe(true);
    expect(keysSaved(phone, 'pushover')).toBe(false);
    expect(keysSaved({ ...phone, hasSecrets: false }, 'ntfy')).toBe(false);
    expect(keysSaved(undefined, 'ntfy')).toBe(false);
  });

  it('sends a secret only when typed, and only the chosen provider’s', () => {
    const d = { ...draftFrom(undefined), provider: 'ntfy' as const, afterMin: '5', pushoverApp: 'left-over' };
    expect(saveIntent(d)).toEqual({
      kind: 'save',
      settings: { provider: 'ntfy', ntfyServer: 'https://ntfy.sh', afterMin: 5 },
    });
    expect(saveIntent({ ...d, ntfyToken: ' tk_abc ' })).toMatchObject({ secrets: { ntfyToken: 'tk_abc' } });
  });
});
