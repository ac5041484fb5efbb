// What the alarm window and Settings → Phone say, in plain Node: the alarm's headline and times in local time with
// the schedule's zone beside it (in the weeks where the US has moved its clocks and Europe has not), and the phone
// form's checks, its save intent (a secret only when typed) and the words of "Send test".
import { describe, expect, it } from 'vitest';
import type { AlarmView } from '../../electron/shared/alarm-view';
import { alarmWords } from '../../renderer/src/lib/alarm-words';
import { checkDraft, draftFrom, saveIntent, testText } from '../../renderer/src/lib/phone-form';

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
  late: false,
  again: false,
  test: false,
};

describe('the alarm window’s words', () => {
  it('says now, since (late), at (early), in local time and the schedule’s own', () => {
    const now = alarmWords(view, { ...BERLIN, nowMs: startMs + 30_000 });
    expect([now.headline, now.where, now.handover]).toEqual([
      'On call now',
      'Payments US · Acme',
      'Bob and Carol hand over to you.',
    ]);
    expect(now.when).toMatch(/^Your shift: .*22:00.*06:00 \(.*17:00.*01:00 New York\)$/);
    const late = alarmWords({ ...view, late: true }, { ...BERLIN, nowMs: startMs + 3 * 3_600_000 });
    expect(late.headline).toBe('On call since 22:00 (17:00 New York)');
    expect(alarmWords(view, { ...BERLIN, nowMs: startMs - 5 * 60_000 }).headline).toBe(
      'On call at 22:00 (17:00 New York)',
    );
    const same = alarmWords(
      { ...view, scheduleZone: 'Europe/Berlin', handoverFrom: [] },
      { ...BERLIN, nowMs: startMs },
    );
    expect(same.when).not.toContain('(');
    expect(same.handover).toBeNull();
    expect(alarmWords({ ...view, test: true, late: true }, { ...BERLIN, nowMs: startMs }).headline).toBe(
      'Test alarm — nothing to do',
    );
  });
});

describe('Settings → Phone', () => {
  const saved = { ntfyToken: true, pushoverApp: false, pushoverUser: false, webhookUrl: false };

  it('checks the draft before anything is sent', () => {
    const d = draftFrom(undefined);
    expect(d).toMatchObject({ provider: 'off', ntfyServer: 'https://ntfy.sh', afterMin: '3', ntfyToken: '' });
    expect(checkDraft({ ...d, afterMin: '0' }, saved)).toEqual({ afterMin: 'A whole number of minutes, 1 to 30.' });
    expect(checkDraft({ ...d, afterMin: '2.5' }, saved)).toEqual({ afterMin: 'A whole number of minutes, 1 to 30.' });
    expect(checkDraft({ ...d, provider: 'ntfy', ntfyServer: 'ntfy.sh' }, saved)).toEqual({
      ntfyServer: 'The server’s address, such as https://ntfy.sh.',
    });
    expect(checkDraft({ ...d, provider: 'ntfy', ntfyToken: 'tk_short' }, saved)).toEqual({
      ntfyToken: 'At least 24 characters, only letters, digits, - and _ (as ntfy makes them).',
    });
    expect(checkDraft({ ...d, provider: 'pushover', pushoverUser: 'u'.repeat(30) }, saved)).toEqual({
      pushoverApp: 'The app token is needed.',
    });
    expect(checkDraft({ ...d, provider: 'webhook' }, { ...saved, webhookUrl: true })).toEqual({});
    expect(checkDraft({ ...d, provider: 'webhook', webhookUrl: 'ftp://x' }, saved)).toEqual({
      webhookUrl: 'An https:// address.',
    });
  });

  it('sends a secret only when typed, and only the chosen provider’s', () => {
    const d = { ...draftFrom(undefined), provider: 'ntfy' as const, afterMin: '5', pushoverApp: 'left-over' };
    expect(saveIntent(d)).toEqual({
      kind: 'save',
      settings: { provider: 'ntfy', ntfyServer: 'https://ntfy.sh', afterMin: 5 },
    });
    expect(saveIntent({ ...d, ntfyToken: ' tk_abc ' })).toMatchObject({ secrets: { ntfyToken: 'tk_abc' } });
  });

  it('words the test: waiting, answered at, failed and why', () => {
    const ctx = { ...BERLIN, nowMs: startMs };
    expect(testText({ kind: 'none' }, ctx)).toBeNull();
    expect(testText({ kind: 'waiting', sentAtMs: startMs }, ctx)).toMatch(/^Sent at 22:00\. Waiting/);
    expect(testText({ kind: 'answered', atMs: startMs + 60_000 }, ctx)).toBe('Your phone answered 22:01.');
    expect(testText({ kind: 'failed', atMs: startMs, message: 'ntfy.sh answered 429.' }, ctx)).toBe(
      'The test failed at 22:00: ntfy.sh answered 429.',
    );
  });
});
