// adv47 round 9, #3: lines beside ones that gave the schedule's own time dropped it for the same instant: the tray
// menu's "Take over … until Sun 00:05…" and "Swap my next shift (Sun 00:05)…", readiness "… for your shift at Sun
// 00:05 — …" (menu, popover, `status`, the warning). A property over the registry: every text that states an
// instant of a schedule whose zone differs from the local one gives the schedule's time beside it, except the
// popover's "On call now" glance lines (docs/what-it-knows.md: local only, the card below gives both).
import { describe, expect, it } from 'vitest';
import { deriveState } from '../../../electron/core/state/derive';
import { accountIdOf } from '../../../electron/shared/accounts';
import { defaultSettings, serviceSettings } from '../../../electron/shared/settings';
import { everyText } from '../../support/text-registry';
import { uncoveredText } from '../../../renderer/src/lib/glance';
import { bob as bobView, schedule } from '../../renderer/support/state';
import { ZONE } from '../state/support/accounts-world';
import { alice, bob, details, me, scheduleSnap, shift, snapshotOf, SETUP_OK } from '../support/fixtures';

// Sat 28 Nov 2026, 13:00 Berlin. Platform (New York): Alice until Sun 00:05 Berlin (Sat 18:05 New York), then me
// until Mon 01:35 Berlin (Sun 19:35 New York), then Bob. Written by hand from the calendar.
const H = 3_600_000;
const SAT = Date.parse('2026-11-28T12:00:00Z');
const START = Date.parse('2026-11-28T23:05:00Z');
const END = Date.parse('2026-11-30T00:35:00Z');
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
const THERE: Record<string, string> = { '00:05': 'Sat 18:05', '01:35': 'Sun 19:35' };

function said() {
  const snapshot = snapshotOf([
    scheduleSnap(
      'sch_a',
      [
        shift(iso(SAT - 30 * H), iso(START), alice),
        shift(iso(START), iso(END), me),
        shift(iso(END), iso(SAT + 200 * H), bob),
      ],
      {
        details: details('Platform', 'America/New_York', [me, alice, bob]),
        detailsFetchedAt: iso(SAT - 60_000),
        shiftsFetchedAt: iso(SAT - 60_000),
        problem: null,
      },
    ),
  ]);
  const account = { id: accountIdOf('work'), label: 'Work', baseUrl: 'https://w.example.com', email: me.email };
  const settings = { ...defaultSettings(), accounts: [{ ...account, schedules: [{ id: 'sch_a' }] }] };
  const state = deriveState({
    snapshot,
    settings: serviceSettings(settings, settings.accounts[0]!),
    setup: SETUP_OK,
    syncing: false,
    notices: [],
    nowMs: SAT,
    localZone: ZONE,
  });
  // adv47 r10 #3: the shift-start alarm's tray lines and `status --ack`'s answer ("(Platform, 00:05)") dropped the
  // schedule's time. A ringing alarm and one acknowledged in the state; the reminders give the alarm's every text at
  // its start, `status --ack`'s answer among them.
  const ring = {
    key: 'alarm:w:sch_a:1',
    scheduleName: 'Platform',
    start: iso(START),
    scheduleZone: 'America/New_York',
  };
  const alarms = {
    alarm: { ...ring, ringing: true, ackedAt: null, ackSource: null },
    otherAlarms: [
      { ...ring, key: 'alarm:w:sch_a:2', ringing: false, ackedAt: iso(START + 120_000), ackSource: 'cli' as const },
    ],
  };
  // adv47 r11 #5: "Your phone may still ring at Sun 00:05 for the Platform shift you no longer have" gave local time
  // only. A phone alert left booked for the start (its cancel failed) and one that may have rung, in the state.
  const still = { key: 'alarm:w:sch_a:' + iso(START), at: iso(START), scheduleName: 'Platform' };
  const stillRing = [
    { ...still, scheduleZone: 'America/New_York', why: 'not-mine' as const, error: 'could not connect', passed: false },
  ];
  const phone = {
    provider: 'ntfy' as const,
    server: 'https://ntfy.example.com',
    hasSecrets: true,
    lastTest: null,
    booking: 'booked' as const,
    nextBooked: null,
    problem: null,
    stillRing,
  };
  const input = { snapshot, nowMs: SAT, settings: serviceSettings(settings, settings.accounts[0]!), localZone: ZONE };
  const reminders = [{ accountId: account.id, label: undefined, input }];
  return everyText({ state: { ...state, ...alarms, phone }, nowMs: SAT, localZone: ZONE, reminders });
}

/** The lines that state a local 00:05 or 01:35 without the schedule's time after it. */
function bare(text: string): string[] {
  return text.split('\n').filter(
    (line) =>
      !/New York\)/.test(line) &&
      [...line.matchAll(/\b(00:05|01:35)\b(?! \()/g)].some((m) => {
        const rest = line.slice((m.index ?? 0) + m[0].length);
        // A window's start: the schedule's time follows the window's end ("Sun 00:05 – Mon 01:35 (… New York)").
        return !/^ ?[–-] ?[\w ,]*\d\d:\d\d \(/.test(rest);
      }),
  );
}

describe("the schedule's own time beside every local time of it", () => {
  it('is given on every surface and line, the glance lines of "On call now" excepted', () => {
    // Whole surfaces (a statement is a part of one); the hand-off text names both zones itself ("Sun 00:05 Berlin
    // (Sat 23:05 UTC)": read elsewhere, docs/truth-and-surfaces.md).
    const texts = said().filter((s) => !s.statement && s.surface !== 'ics' && s.surface !== 'handoff');
    const missing = texts.flatMap((t) =>
      bare(t.text)
        // The popover's "On call now" lines: "Platform · Alice Smith · until Sun 00:05" (the stated exception).
        .filter((line) => !(t.surface === 'popover' && /^On call now|· until /.test(line)))
        .map((line) => `${t.surface}: ${line}`),
    );
    expect(missing).toEqual([]);
    // The alarm's lines are among them (tray, tooltip, --ack), each with the schedule's time.
    const alarmLines = texts.flatMap((t) => t.text.split('\n')).filter((l) => /shift-start alarm \(/i.test(l));
    expect(alarmLines.length).toBeGreaterThanOrEqual(4);
    for (const line of alarmLines)
      expect(line).toMatch(/Platform, (Sun |29 Nov, )?00:05 \((Sat|28 Nov,) 18:05 New York\)/);
    // The phone's "may still ring" line is among them (menu, tooltip, popover, `status`), with the schedule's time.
    const ringLines = texts.flatMap((t) => t.text.split('\n')).filter((l) => /may still ring/i.test(l));
    expect(ringLines.length).toBeGreaterThanOrEqual(4);
    for (const line of ringLines) expect(line).toMatch(/ring at (Sun )?00:05 \(Sat 18:05 New York\)/);
    const all = texts.map((t) => t.text).join('\n');
    for (const [here, there] of Object.entries(THERE)) if (all.includes(here)) expect(all).toContain(there);
  });
});

describe("the popover card's uncovered warning", () => {
  it('gives the schedule\'s own time as the card\'s other lines do ("Uncovered until 23:00 (09:00 New York)")', () => {
    // Nobody on call now on a New York schedule until 23:00 Tokyo (09:00 New York); the machine is in Tokyo.
    const nowMs = Date.parse('2026-11-30T12:00:00Z');
    const s = schedule({
      timeZone: 'America/New_York',
      status: { kind: 'fresh', at: '2026-11-30T11:59:00Z' },
      known: { from: '2026-11-23T00:00:00Z', to: '2026-12-14T00:00:00Z', holes: [] },
      now: null,
      next: { users: [bobView], start: '2026-11-30T14:00:00Z', end: '2026-12-01T14:00:00Z' },
    });
    expect(uncoveredText(s, { nowMs, locale: 'en-GB', localZone: 'Asia/Tokyo' })).toBe(
      'Uncovered until 23:00 (09:00 New York)',
    );
  });
});
