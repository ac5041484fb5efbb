// Issue 47, one formatter (shared/format.ts): the same instant, length and zone are worded the same on every surface
// the registry lists (tray tooltip and menu, popover, `status`, hand-off text). The time my block has left reads the
// same on each too; never "now left" (the tray cut "in " off a relative time). Tests failed before: the popover said
// "tomorrow 00:00 → Mon 01:35" where `status` said "Sun 00:00 – Mon 01:35", and the hand-off named the zone "CET".
import { describe, expect, it } from 'vitest';
import { deriveState } from '../../../electron/core/state/derive';
import { defaultSettings, serviceSettings } from '../../../electron/shared/settings';
import { accountIdOf } from '../../../electron/shared/accounts';
import { everyText } from '../../support/text-registry';
import { DISPLAY_LOCALE, formatDayTime } from '../../../electron/shared/format';
import { combined, HOUR, NOW, ZONE, type AccountWorld } from '../state/support/accounts-world';
import { alice, bob, details, me, scheduleSnap, shift, snapshotOf, SETUP_OK } from '../support/fixtures';

// Me on call on Platform from NOW to NOW + 12 h (slot 1), fresh.
const world: AccountWorld[] = [
  {
    condition: 'healthy',
    slots: [
      [1, 0, 1, 1],
      [1, 1, 1, 1],
    ],
    asks: false,
  },
];
const leftIn = (text: string): string[] => [...text.matchAll(/(\d[\w ]*?|under 1 min) left/g)].map((m) => m[0]);

describe('one formatter: time left', () => {
  for (const [what, nowMs, want] of [
    ['7 h 30 min before the end', NOW + 4.5 * HOUR, '7 h 30 min left'],
    ['20 s before the end', NOW + 12 * HOUR - 20_000, 'under 1 min left'],
  ] as const)
    it(`${what}: "${want}" on every surface that says it`, () => {
      const said = everyText({ state: combined(world), nowMs, localZone: ZONE });
      const whole = (s: string) => said.find((x) => x.surface === s && !x.statement)?.text ?? '';
      for (const surface of ['tray-tooltip', 'tray-menu', 'popover'])
        expect(leftIn(whole(surface)), surface).toEqual([want]);
    });
});

// Saturday 28 Nov 2026, 13:00 in Berlin. My next block on Platform (a New York schedule): Sun 00:05 – Mon 01:35
// Berlin time (Sat 18:05 – Sun 19:35 New York), 1 d 1 h 30 min (floored to "1 d 1 h"); Alice before, Bob after. Expected words are written
// here by hand from the calendar, not from the code.
const SAT = Date.parse('2026-11-28T12:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
const START = Date.parse('2026-11-28T23:05:00Z');
const END = Date.parse('2026-11-30T00:35:00Z');

function nextBlockState() {
  const snapshot = snapshotOf([
    scheduleSnap(
      'sch_a',
      [
        shift(iso(SAT - 30 * HOUR), iso(START), alice),
        shift(iso(START), iso(END), me),
        shift(iso(END), iso(SAT + 200 * HOUR), bob),
      ],
      {
        details: details('Platform', 'America/New_York', [me, alice, bob]),
        detailsFetchedAt: iso(SAT - 60_000),
        shiftsFetchedAt: iso(SAT - 60_000),
        problem: null,
      },
    ),
  ]);
  const account = {
    id: accountIdOf('work'),
    label: 'Work',
    baseUrl: 'https://w.example.com',
    email: me.email,
    schedules: [{ id: 'sch_a' }],
  };
  const settings = { ...defaultSettings(), accounts: [account] };
  const state = deriveState({
    snapshot,
    settings: serviceSettings(settings, account),
    setup: SETUP_OK,
    syncing: false,
    notices: [],
    nowMs: SAT,
    localZone: ZONE,
  });
  // Settings → Phone: the alert booked for my block's start (Sun 00:05), the last test answered at 13:00.
  const phone = {
    provider: 'ntfy' as const,
    server: 'https://ntfy.sh',
    hasSecrets: true,
    lastTest: iso(SAT),
    booking: 'booked' as const,
    nextBooked: iso(START),
    problem: null,
  };
  const input = { snapshot, nowMs: SAT, settings: serviceSettings(settings, account), localZone: ZONE };
  return { state: { ...state, phone }, reminders: [{ accountId: account.id, label: undefined, input }] };
}

describe('one formatter: the same instant, length and zone on every surface', () => {
  const { state, reminders } = nextBlockState();
  const said = everyText({ state, nowMs: SAT, localZone: ZONE, reminders });
  // What is worded now (at SAT): every surface, Settings → Phone and the readiness warning (reminders and the alarm
  // are worded when they fall due: checked below at the start).
  // My load (kind 'load') is a part of the popover and `status` already here; Settings' "Added “…” (zone)." states
  // no time at all.
  const texts = said.filter(
    (s) =>
      !s.statement &&
      s.kind !== 'load' &&
      s.kind !== 'schedule-added' &&
      s.kind !== 'cli-ack' &&
      s.kind !== 'cli-ack-booked' &&
      (s.surface !== 'notification' || s.kind === 'readiness'),
  );

  it('lists the surfaces it checks', () => {
    // The swap answers (one per outcome) are checked by every other case here.
    expect([...new Set(texts.map((t) => t.surface))].sort()).toEqual([
      'form-preview',
      'handoff',
      'handoff-answer',
      'notification',
      'popover',
      'settings',
      'status',
      'tray-menu',
      'tray-tooltip',
    ]);
  });

  it('words the start and the end of my block with its day, as one wording ("Sun 00:05", "Mon 01:35")', () => {
    for (const t of texts) {
      const starts = [...t.text.matchAll(/([\w,]+) 00:05/g)].map((m) => m[1]);
      const ends = [...t.text.matchAll(/([\w,]+) 01:35/g)].map((m) => m[1]);
      expect(starts.length + ends.length, `${t.surface} states the block`).toBeGreaterThan(0);
      for (const day of starts) expect(day, `${t.surface}: ${t.text}`).toBe('Sun');
      for (const day of ends) expect(day, `${t.surface}: ${t.text}`).toBe('Mon');
    }
  });

  it("is one clock, 24-hour, whatever the system's locale: the tray and popover take DISPLAY_LOCALE as the rest", () => {
    // main passes DISPLAY_LOCALE to the tray and the prerendered page, the renderer uses it for `navigator.language`
    // (formats-itself.test.ts fails on a read of the system's locale). A 12-hour locale would say "12:05 AM".
    expect(formatDayTime(START, { nowMs: SAT, localZone: ZONE, locale: DISPLAY_LOCALE })).toBe('Sun 00:05');
    for (const t of texts) expect(t.text, t.surface).not.toMatch(/\d (?:AM|PM)\b/i);
  });

  it('words a window with one dash, never an arrow, and no day as "today" or "tomorrow"', () => {
    for (const t of texts) {
      expect(t.text, t.surface).not.toContain('→');
      // The pause actions too say their instant ("until Sun 09:00"), never "tomorrow" (issue 47, round 2).
      expect(t.text, t.surface).not.toMatch(/\b(today|tomorrow|yesterday)\b/i);
    }
  });

  it('words the block\'s length one way ("1 d 1 h"), never "1 day"', () => {
    for (const t of texts) {
      // "in the next 14 days" is the horizon setting, not a length.
      expect(t.text.replace(/next \d+ days/g, ''), t.surface).not.toMatch(/\b\d+ days?\b/);
      for (const m of t.text.matchAll(/01:35[^\n]*?(?:·|,) ((?:\d+ (?:d|h|min)\b ?)+)/g))
        expect(m[1]?.trim(), `${t.surface}: ${t.text}`).toBe('1 d 1 h');
    }
  });

  it('names a zone by its place ("New York", "Berlin"), never "GMT-5" or "CET"', () => {
    for (const t of texts) {
      expect(t.text, t.surface).not.toMatch(/\bGMT[+-]\d|\bCET\b|\bCEST\b|\bEST\b/);
      for (const m of t.text.matchAll(/(?:18:05|19:35)[^)]*\)/g)) expect(m[0], t.surface).toMatch(/New York\)$/);
    }
    expect(texts.find((t) => t.surface === 'handoff')?.text).toContain('Sun 00:05 Berlin (Sat 23:05 UTC)');
  });

  // One rule (issue 47, round 7): where the schedule's zone differs, every surface adds its own time to my block,
  // the glanceable ones too. Before, `status` and notifications said "(Sat 18:05 … New York)", the tooltip, the
  // menu's first line and the popover headline and detail didn't.
  it("adds the schedule's own time to my next block on every surface that states it", () => {
    for (const t of texts.filter((x) => ['tray-tooltip', 'tray-menu', 'popover', 'status'].includes(x.surface)))
      // Its lead line (what the OS cut or a glance leaves); `status` opens with a header.
      expect(t.surface === 'status' ? t.text : t.text.split('\n')[0], t.surface).toMatch(/Sat 18:05\b[^)]*New York\)/);
  });
});

// The alarm and the phone (issue 47: reached from the registry since): at the start they word it as every surface
// words it, "00:05" ("Sun 00:05 – Mon 01:35" as a window), with the schedule's own time "(Sat 18:05 … New York)":
// the loud notification, the alarm window, the phone's message, and (adv47 r10 #3: it said "00:05" alone) the tray's
// ack line and `status --ack`'s answer, which name the schedule.
describe('one formatter: the alarm and the phone at the start', () => {
  const { state, reminders } = nextBlockState();
  const said = everyText({ state, nowMs: SAT, localZone: ZONE, reminders });
  const alarm = said.filter((s) => s.surface === 'notification' && /^(alarm|phone)/.test(s.kind ?? ''));

  it('words the start of my block one way on each', () => {
    expect(alarm.map((s) => s.kind).sort()).toEqual(['alarm', 'alarm-ack-line', 'alarm-window', 'phone']);
    for (const s of alarm) {
      // The tray's ack line too: "(Platform, 00:05 (Sat 18:05 New York))".
      const want =
        s.kind === 'alarm-ack-line'
          ? /\(Platform, 00:05 \(Sat 18:05 New York\)\)/
          : /\b00:05\b.*\(Sat 18:05\b.*New York\)/s;
      expect(s.text, s.kind).toMatch(want);
      expect(s.text, s.kind).not.toMatch(/\b(today|tomorrow)\b|\bGMT[+-]\d|\bCET\b|America\/New_York/i);
    }
  });

  it("`status --ack` words the start as the tray's ack line at the start, and with its day on the next day", () => {
    const acks = said.filter((s) => s.kind === 'cli-ack').map((s) => s.text);
    expect(acks).toEqual([
      'Acknowledged the shift-start alarm (Platform, 00:05 (Sat 18:05 New York)) at 00:05.',
      // The next day, a past day carries its date (adv49 r19: a bare weekday reads as the coming one).
      'Acknowledged the shift-start alarm (Platform, 29 Nov, 00:05 (28 Nov, 18:05 New York)) at 01:34.',
    ]);
    // The phone alert booked for that start, 3 minutes on, worded the same way (adv50 r14 #2).
    expect(said.filter((s) => s.kind === 'cli-ack-booked').map((s) => s.text)).toEqual([
      'Your phone will still ring at 00:08 (Sat 18:08 New York) for the Platform shift unless the app is running to cancel it: start the app.',
    ]);
  });
});
