// The alarm window's pure parts: which alarm the windows show and for how long (alarm-ringing.ts), and main's
// answers to the alarm and phone intents through the real IPC adapter (request checked at the edge, nothing thrown).
import { describe, expect, it } from 'vitest';
import { RING_LIMIT_MS, RingingAlarms, TEST_RING_MS } from '../../electron/adapters/alarm-ringing';
import { alarmHandlers } from '../../electron/adapters/alarm-ipc';
import {
  AlarmIntentSchema,
  AlarmShownSchema,
  type AlarmIntent,
  type AlarmView,
} from '../../electron/shared/alarm-view';
import { PhoneIntentSchema, type PhoneIntent } from '../../electron/shared/phone-intent';

const view = (key: string, extra: Partial<AlarmView> = {}): AlarmView => ({
  key,
  accountName: 'Acme',
  scheduleName: 'Platform',
  startUtc: '2026-11-28T21:00:00Z',
  endUtc: '2026-11-29T07:00:00Z',
  scheduleZone: 'Europe/Berlin',
  handoverFrom: [],
  endKnown: true,
  late: false,
  again: false,
  test: false,
  ...extra,
});

describe('which alarm the windows show', () => {
  it('opens one, refreshes it, queues a second behind it, and opens that when the first closes', () => {
    const r = new RingingAlarms();
    expect(r.show(view('a'), 0)).toEqual([{ kind: 'open', view: view('a') }]);
    expect(r.show(view('b'), 10)).toEqual([]);
    expect(r.show(view('a', { late: true }), 20)).toEqual([{ kind: 'refresh', view: view('a', { late: true }) }]);
    expect(r.current()?.key).toBe('a');
    expect(r.close('b')).toEqual([]);
    expect(r.show(view('b'), 30)).toEqual([]);
    expect(r.close('a')).toEqual([{ kind: 'close' }, { kind: 'open', view: view('b') }]);
    expect(r.close('a')).toEqual([]);
    expect(r.close('b')).toEqual([{ kind: 'close' }]);
    expect(r.current()).toBeNull();
    expect(r.nextDeadlineMs()).toBeUndefined();
  });

  it('closes after 10 min of ringing (a test after 5 s), not a moment before', () => {
    const r = new RingingAlarms();
    r.show(view('a'), 1_000);
    r.show(view('t', { test: true }), 2_000);
    expect(r.nextDeadlineMs()).toBe(2_000 + TEST_RING_MS);
    expect(r.expire(2_000 + TEST_RING_MS)).toEqual([]);
    expect(r.expire(1_000 + RING_LIMIT_MS - 1)).toEqual([]);
    expect(r.expire(1_000 + RING_LIMIT_MS)).toEqual([{ kind: 'close' }]);
    expect(r.current()).toBeNull();
  });
});

describe("main's alarm and phone answers", () => {
  it('hands intents to the engine, words its refusal, and answers a throw without its text', async () => {
    const alarmIntents: AlarmIntent[] = [];
    const phoneIntents: PhoneIntent[] = [];
    const h = alarmHandlers(
      {
        alarmIntent: async (i) => (
          alarmIntents.push(i),
          i.kind === 'snooze' ? { ok: false, message: 'Over.' } : { ok: true }
        ),
        phoneIntent: async (i) => {
          phoneIntents.push(i);
          if (i.kind === 'new-topic') return { ok: true, message: 'Saved.' };
          throw new Error('keychain locked: secret-token');
        },
        phoneLink: () => 'https://ntfy.sh/oncall-topic',
        getState: () => ({}),
      },
      { current: () => view('a') },
    );
    expect(await h['alarm:get']()).toMatchObject({ ok: true, value: { key: 'a' } });
    // The alarm window's words for what was done (or not), made here: the window has none of its own.
    expect(await h['alarm:intent']({ kind: 'ack', key: 'a' })).toEqual({ ok: true, value: 'Acknowledged.' });
    expect(await h['alarm:intent']({ kind: 'snooze', key: 'a' })).toMatchObject({
      ok: false,
      error: { message: 'Not snoozed: Over.' },
    });
    // Settings → Phone's "Test the alarm" too.
    expect(await h['alarm:intent']({ kind: 'test' })).toEqual({ ok: true, value: 'The alarm rings for 5 s.' });
    // The engine's words come back on success; the link only to the one who asks for it.
    expect(await h['phone:intent']({ kind: 'new-topic' })).toEqual({ ok: true, value: 'Saved.' });
    const link = await h['phone:link']();
    expect(link).toMatchObject({ ok: true, value: { url: 'https://ntfy.sh/oncall-topic' } });
    // With its QR code: a square of modules (21 a side at the least).
    const qr = link.ok && link.value ? link.value.qr : [];
    expect(qr.length).toBeGreaterThanOrEqual(21);
    expect(qr.every((row) => row.length === qr.length)).toBe(true);
    const thrown = await h['phone:intent']({ kind: 'send-test' });
    expect(thrown).toMatchObject({ ok: false, error: { kind: 'internal' } });
    expect(JSON.stringify(thrown)).not.toContain('secret-token');
    expect(alarmIntents).toEqual([{ kind: 'ack', key: 'a' }, { kind: 'snooze', key: 'a' }, { kind: 'test' }]);
    expect(phoneIntents).toEqual([{ kind: 'new-topic' }, { kind: 'send-test' }]);
  });

  it("words the alarm window's outcome: the engine's caveat whole, a refusal or a throw after what was not done", async () => {
    const answers: Record<string, () => Promise<{ ok: true; message?: string } | { ok: false; message: string }>> = {
      ack: async () => ({ ok: true, message: 'Acknowledged, but not saved: it may ring again after a restart.' }),
      snooze: async () => ({ ok: true }),
      'find-cover': async () => {
        throw new Error('window gone');
      },
      test: async () => ({ ok: false, message: 'No sound device.' }),
    };
    const h = alarmHandlers(
      {
        alarmIntent: (i) => answers[i.kind]?.() ?? Promise.reject(new Error(i.kind)),
        phoneIntent: async () => ({ ok: true }),
        phoneLink: () => null,
        getState: () => ({}),
      },
      { current: () => null },
    );
    expect(await h['alarm:intent']({ kind: 'ack', key: 'a' })).toEqual({
      ok: true,
      value: 'Acknowledged, but not saved: it may ring again after a restart.',
    });
    expect(await h['alarm:intent']({ kind: 'snooze', key: 'a' })).toEqual({ ok: true, value: 'Snoozed for 5 min.' });
    expect(await h['alarm:intent']({ kind: 'find-cover', key: 'a' })).toMatchObject({
      ok: false,
      error: {
        kind: 'internal',
        message: 'Could not open Ask for cover: Something went wrong in OnCall Tray (the alarm). Try again.',
      },
    });
    // Settings → Phone's "Test the alarm" says its own words: main's refusal reaches it as the engine said it.
    expect(await h['alarm:intent']({ kind: 'test' })).toMatchObject({
      ok: false,
      error: { message: 'No sound device.' },
    });
  });

  it("answers 'alarm:get' with the alarm worded at the windows' clock (the window has no wording of its own)", async () => {
    // A fake clock: before the start, then 10 min after it (the ring kept: not late).
    let nowMs = Date.parse('2026-11-28T20:30:00Z');
    const ringing = view('a', { localZone: 'Europe/Berlin', handoverFrom: ['Bob'] });
    const h = alarmHandlers(
      {
        alarmIntent: async () => ({ ok: true }),
        phoneIntent: async () => ({ ok: true }),
        phoneLink: () => null,
        getState: () => ({}),
      },
      { current: () => ringing, now: () => nowMs },
    );
    const berlin = (ms: number) =>
      new Intl.DateTimeFormat('en-GB', {
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone: 'Europe/Berlin',
      }).format(ms);
    const startMs = Date.parse(ringing.startUtc);
    const before = await h['alarm:get']();
    // What the window reads passes the contract's check of the push and the answer.
    expect(AlarmShownSchema.safeParse(before.value).success).toBe(true);
    expect(before.value?.words).toMatchObject({
      headline: `On call at ${berlin(startMs)}`,
      where: 'Acme · Platform',
      handover: 'Bob hands over to you.',
      basis: null,
    });
    nowMs = startMs + 10 * 60_000;
    expect((await h['alarm:get']()).value?.words.headline).toBe('On call now');
  });

  it('refuses at the edge an unknown alarm intent and a topic short enough to guess', () => {
    expect(AlarmIntentSchema.safeParse({ kind: 'dismiss-all' }).success).toBe(false);
    const save = (ntfyTopic: string) =>
      PhoneIntentSchema.safeParse({ kind: 'save', settings: {}, secrets: { ntfyTopic } }).success;
    expect(save('t'.repeat(23))).toBe(false);
    expect(save('t'.repeat(24))).toBe(true);
  });

  it('refuses at the edge, on its field, a topic ntfy would answer 404 (over 64 characters, or odd ones)', () => {
    // ntfy's own rule (its server's topicRegex), written out here: `^[-_A-Za-z0-9]{1,64}$`.
    const ntfyTakes = (t: string) => /^[-_A-Za-z0-9]{1,64}$/.test(t);
    for (const topic of [
      't'.repeat(64),
      't'.repeat(65),
      `oncall-${'abcdefghij'.repeat(6)}xyz`,
      `${'t'.repeat(30)}/x`,
    ]) {
      const parsed = PhoneIntentSchema.safeParse({ kind: 'save', settings: {}, secrets: { ntfyTopic: topic } });
      expect([topic, parsed.success]).toEqual([topic, ntfyTakes(topic)]);
      const fields = parsed.error?.issues.map((i) => i.path.join('.')) ?? [];
      expect(fields.every((f) => f === 'secrets.ntfyTopic')).toBe(true);
    }
  });
});
