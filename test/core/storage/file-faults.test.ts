// The fault harness's file cases (issue 52): every file the engine reads back — settings, the cache, the record of
// reminders and the stamp of its last save (and its copy in the app's record of its last run), the saved hand-off and its mark, and the calendar's records of what the export and the feed published — tampered with one way at a time
// (cut short, not JSON, the wrong shape, huge, unreadable, plausible but false, and the second round's plausible
// but false, and the fifth round's stamps and tokens the app never made: 64 cases). For each, a real engine against the
// simulator: it starts, keeps working (the schedule is read fresh), writes nothing from the file to the service,
// publishes nothing raw in the calendar, tells the user at most once, keeps the original aside, and no key appears
// in a file or a notice.
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:net';
import { digestOf } from '../../../electron/core/calendar/published-record';
import { emptySnapshot } from '../../../electron/core/model/snapshot';
import { createHarness, type Harness } from '../support/engine-harness';
import { MemoryFileStore } from '../support/memory-file-store';
import { ME, quietSeed } from '../support/seeds';
import { redactSecrets } from '../../../electron/core/storage/redact-secrets';
import { DAMAGES, damaged, INJECTED, refusing, type Damage } from './support/file-damage';

const START = Date.parse('2026-03-25T06:00:00Z');
const MIN = 60_000;
/** The feed's token as settings hold it: a secret, never in a backup or a notice. */
const FEED_TOKEN = 'feedTokenFeedTokenFeedToken0123456789abcdeg';
const RUN = { version: 1, id: 'r1', createdAt: '2026-03-25T05:00:00Z' };
const MARK = 'handoff-current.json';
const item = (scheduleId: string) => ({
  id: `${scheduleId}|2026-03-26T09:00:00Z`,
  accountId: 'main',
  scheduleId,
  scheduleName: INJECTED,
  timeZone: 'Etc/UTC',
  start: '2026-03-26T09:00:00Z',
  end: '2026-03-26T17:00:00Z',
  email: 'bob@example.com',
  others: [],
  name: 'Bob',
  state: 'pending',
  message: '',
});
const uid = `${digestOf('x')}@oncall-tray`;
const entry = {
  scheduleId: 'sch_quiet_0',
  startMs: START,
  endMs: START + 60 * MIN,
  digest: digestOf('y'),
  sequence: 1,
};
const held = (scheduleId: string) => ({
  key: `${scheduleId}|k:lead15`,
  kind: 'lead',
  title: INJECTED,
  body: INJECTED,
  atMs: START - MIN,
  untilMs: START + 60 * MIN,
  scheduleId,
});

const calendarRecord = {
  valid: JSON.stringify({ version: 1, events: { [uid]: { ...entry, modifiedMs: START - MIN } } }),
  falseText: JSON.stringify({
    version: 1,
    events: { [`${uid}\r\nBEGIN:VEVENT\r\nSUMMARY:${INJECTED}`]: { ...entry, modifiedMs: 8.64e15 + 1000 } },
  }),
};

/** Per file: a valid text to cut short, and a plausible but false one. */
const FILES: Record<string, { valid: string; falseText: string }> = {
  'settings.json': {
    valid: '', // seeded per case
    falseText: '',
  },
  'cache.json': {
    valid: JSON.stringify({ version: 1, savedAt: '2026-03-25T05:00:00Z', schedules: {} }),
    // Valid in shape: saved data "from" 2099, and a take-over "made" then whose Hand back would write.
    falseText: JSON.stringify({
      ...emptySnapshot(),
      schedules: [
        {
          id: 'sch_quiet_0',
          details: null,
          detailsFetchedAt: '2099-01-01T00:00:00Z',
          shifts: [],
          shiftsFrom: null,
          shiftsTo: null,
          shiftsFetchedAt: '2099-01-01T00:00:00Z',
          problem: null,
          notFound: false,
        },
      ],
      createdOverrides: [
        {
          id: 'ov',
          scheduleId: 'sch_quiet_0',
          start: '2026-03-25T09:00:00Z',
          end: '2026-03-25T10:00:00Z',
          createdAt: '2099-01-01T00:00:00Z',
          kind: 'take-over',
        },
      ],
    }),
  },
  'reminders.json': {
    valid: JSON.stringify({ version: 1, fired: { a: START }, held: [held('sch_quiet_0')] }),
    falseText: JSON.stringify({ version: 1, fired: { b: 1e300 }, held: [held('sch_gone')] }),
  },
  'handoff.json': {
    valid: JSON.stringify({ ...RUN, items: [item('sch_quiet_0')] }),
    falseText: JSON.stringify({ ...RUN, items: [item('sch_gone'), item('sch_quiet_0')] }),
  },
  'calendar-export.json': calendarRecord,
  'calendar-feed.json': calendarRecord,
  // The stamp of the last save of reminders.json (storage/fired-saved-file.ts). Plausible but false: a save "made" a
  // year ahead (every reminder due by now would count as handled), signed by another install's key.
  'reminders-saved.json': {
    valid: JSON.stringify({ version: 1, savedAtMs: START - MIN, owed: [] }),
    falseText: JSON.stringify({ version: 1, savedAtMs: START + 365 * 24 * 60 * MIN, owed: [], mac: 'a'.repeat(64) }),
  },
  // The same stamp in the app's record of its last run (storage/fired-saved-file.ts), under its own name: the same
  // plausible but false.
  'last-run.json': {
    valid: JSON.stringify({ version: 1, savedAtMs: START - MIN, owed: [] }),
    falseText: JSON.stringify({ version: 1, savedAtMs: START + 365 * 24 * 60 * MIN, owed: [], mac: 'a'.repeat(64) }),
  },
  // The hand-off's mark (handoff/run-current.ts), left by a start that died between it and its first save: plausible
  // but false, it names a run that isn't saved.
  [MARK]: { valid: JSON.stringify({ run: RUN.id }), falseText: JSON.stringify({ run: 'r0' }) },
};
const CALENDAR_RECORDS = new Set(['calendar-export.json', 'calendar-feed.json']);

/** Plausible but false, the second adversarial round (adv52 r2): entries of the right shape that the app knows now
 *  can't be true — a "handed off" whose override the service doesn't hold, a correction held as text, saved data and
 *  a calendar entry for a schedule not watched. Each is dropped or not confirmed, said, the file kept aside. */
const ROUND2 = 'plausible but false (round 2)';
const unwatchedEntry = { version: 1, events: { [uid]: { ...entry, scheduleId: 'sch_gone', modifiedMs: START - MIN } } };
const FALSE2: Record<string, string> = {
  'handoff.json': JSON.stringify({
    ...RUN,
    items: [{ ...item('sch_quiet_0'), state: 'handed_off', overrideId: 'ovr_nothere' }, item('sch_quiet_0')],
  }),
  'reminders.json': JSON.stringify({
    version: 1,
    fired: {},
    held: [
      {
        ...held('sch_quiet_0'),
        key: 'correction:sch_quiet_0:2026-03-25T09:00:00Z',
        kind: 'correction',
        startsAtMs: START + 180 * MIN,
      },
    ],
  }),
  'cache.json': JSON.stringify({
    ...emptySnapshot(),
    schedules: [
      {
        id: 'sch_gone',
        details: null,
        detailsFetchedAt: '2026-03-25T05:00:00Z',
        shifts: [],
        shiftsFrom: null,
        shiftsTo: null,
        shiftsFetchedAt: '2026-03-25T05:00:00Z',
        problem: null,
        notFound: false,
      },
    ],
  }),
  'calendar-export.json': JSON.stringify(unwatchedEntry),
  'calendar-feed.json': JSON.stringify(unwatchedEntry),
  // A stamp in the app's form, written by hand (no MAC), claiming the app saved later than now: proves nothing.
  'reminders-saved.json': JSON.stringify({ version: 1, savedAtMs: START + 60 * MIN, owed: [] }),
  'last-run.json': JSON.stringify({ version: 1, savedAtMs: START + 60 * MIN, owed: [] }),
};
/** Round 4: a cache in good shape, but written for another service (swapped in, or the address changed while the app
 *  was closed): its data is never used, however plausible. */
const ROUND4 = "another account's (round 4)";
const FALSE4 = JSON.stringify({
  ...emptySnapshot(),
  schedules: [
    {
      id: 'sch_quiet_0',
      details: null,
      detailsFetchedAt: '2026-03-25T05:00:00Z',
      shifts: [],
      shiftsFrom: null,
      shiftsTo: null,
      shiftsFetchedAt: '2026-03-25T05:00:00Z',
      problem: null,
      notFound: false,
    },
  ],
  origin: { address: 'http://127.0.0.1:9', email: ME },
});
/** Round 5: plausible but false, the app's own stamps and tokens — a reminders record stamped for another service
 *  address (the address changed while the app was closed), and a feed token the app never makes. */
const ROUND5 = 'not made by this app (round 5)';
const FALSE5: Record<string, (settings: string) => string> = {
  'reminders.json': () =>
    JSON.stringify({
      version: 1,
      fired: { 'shift:sch_quiet_0:2026-03-25T05:00:00Z:start': START },
      held: [],
      origins: { main: { address: 'http://127.0.0.1:9', email: ME } },
    }),
  'settings.json': (settings) => settings.replace(FEED_TOKEN, 'A'.repeat(22)),
};
let h: Harness;
let feedPort = 0;
beforeAll(async () => {
  h = await createHarness({ startMs: START, seed: quietSeed(1) });
  feedPort = await freePort();
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/** The feed as a calendar app reads it, once its server listens; undefined when settings leave it off. */
async function feedText(on: boolean, token: string): Promise<string | undefined> {
  const url = `http://127.0.0.1:${feedPort}/${token}/on-call.ics`;
  for (let i = 0; on && i < 100; i++) {
    const answer = await fetch(url).catch(() => undefined);
    if (answer?.ok) return answer.text();
    await new Promise((r) => setTimeout(r, 10));
  }
  return undefined;
}
afterAll(() => h.close());

async function settingsText(): Promise<string> {
  const url = new URL(h.sim.url);
  await h.secrets.set(`main@${url.host}`, h.sim.apiKey);
  const account = {
    id: 'main',
    label: url.hostname,
    baseUrl: h.sim.url,
    email: ME,
    schedules: [{ id: 'sch_quiet_0' }],
  };
  const calendarFeed = { enabled: true, port: feedPort, token: FEED_TOKEN };
  return JSON.stringify({ version: 2, accounts: [account], startAtLogin: true, calendarFeed });
}

const cases = [
  ...Object.keys(FILES).flatMap((file) => DAMAGES.map((damage): [string, string] => [file, damage])),
  ...Object.keys(FALSE2).map((file): [string, string] => [file, ROUND2]),
  ['cache.json', ROUND4],
  ...Object.keys(FALSE5).map((file): [string, string] => [file, ROUND5]),
];

describe('the fault harness: files read back', () => {
  it(`has ${cases.length} file cases`, () => expect(cases).toHaveLength(64));

  it.each(cases)(
    '%s, %s: starts, keeps working, writes and publishes nothing from it, tells once',
    async (file, damage) => {
      const memory = new MemoryFileStore();
      const settings = await settingsText();
      const spec = FILES[file]!;
      const valid = file === 'settings.json' ? settings : spec.valid;
      const falseText =
        file === 'settings.json'
          ? settings.replace('"sch_quiet_0"}]', '"sch_quiet_0"},{"id":"sch_quiet_0"}],"horizonDays":9999')
          : spec.falseText;
      if (file !== 'settings.json') memory.files.set('settings.json', settings);
      const original =
        damage === ROUND2
          ? (FALSE2[file] ?? '')
          : damage === ROUND4
            ? FALSE4
            : damage === ROUND5
              ? (FALSE5[file]?.(settings) ?? '')
              : damaged(valid, falseText, damage as Damage);
      memory.files.set(file, original);
      const files = damage === 'unreadable' ? refusing(memory, file) : memory;
      const overridesBefore = h.sim.state.schedules.get('sch_quiet_0')?.overrides.length ?? 0;
      const engine = h.engine({ files });
      await engine.start();
      await h.clock.advance(2 * MIN);
      await h.clock.runWhileAdvancing(engine.handoffIdle());
      const state = engine.getState();
      const calendar = await engine.calendar(14);
      const handoff = await engine.handlers['handoff:get'](null);
      const { enabled: feedOn, token } = engine.getState().settings.calendarFeed;
      const feed = await feedText(feedOn, token);
      // What rendering the calendar and the feed said (their records are read then).
      const toldAfter = engine.getState().notices.map((n) => n.message);
      await engine.stop();

      // Keeps working: the schedule is read (settings that can't be read leave no schedule to read: onboarding).
      if (file !== 'settings.json' || damage === 'plausible but false')
        expect(state.schedules[0]?.status.kind).toBe('fresh');
      // Writes nothing from it to the service, and publishes nothing raw.
      expect(h.sim.state.schedules.get('sch_quiet_0')?.overrides.length ?? 0).toBe(overridesBefore);
      expect(calendar).not.toContain(INJECTED);
      // The feed too (it reads calendar-feed.json): served whenever settings turn it on, nothing raw in it.
      if (feedOn) expect(feed).toMatch(/^BEGIN:VCALENDAR/);
      if (file === 'calendar-feed.json') expect(feed).toBeDefined();
      expect(feed ?? '').not.toContain(INJECTED);
      // Shown as fact: no notification carries a held message the app could not have held.
      for (const n of h.notifier.shown) expect(`${n.title} ${n.body}`).not.toContain(INJECTED);
      for (const ics of [calendar, ...(feed === undefined ? [] : [feed])])
        expect(
          ICAL.Component.fromString(ics)
            .getAllSubcomponents('vevent')
            .every((e) => /^(\d+-)?[0-9a-f]{32}@oncall-tray$/.test(String(e.getFirstPropertyValue('uid')))),
        ).toBe(true);
      // Tells once: no notice twice; nothing of the file's own text in what is told. The away window repeats the
      // app's notice about its own file where the hand-off is shown; what it says must be in the app's notices too.
      // In this quiet world my e-mail is on no schedule, so that problem is said too (a true one, not the file's).
      const noticed = state.notices.filter((n) => !n.id.startsWith('identity-absent:')).map((n) => n.message);
      const away = handoff.ok ? handoff.value.notice : null;
      if (file === 'handoff.json' && away !== null) expect(noticed).toContain(away);
      const told = [...noticed, ...(away !== null && !noticed.includes(away) ? [away] : [])];
      expect(new Set(told).size).toBe(told.length);
      for (const t of told) expect(t).not.toContain(INJECTED);
      // Shown as fact: nothing of a dropped hand-off item is listed.
      const run = handoff.ok ? handoff.value.run : null;
      expect(run?.items.every((i) => i.scheduleId === 'sch_quiet_0') ?? true).toBe(true);
      // Kept aside as it was whenever it was not used as it was; never a key in a file or a notice.
      const backups = [...memory.files.keys()].filter((n) => n.startsWith(`${file}.bad-`));
      for (const b of backups) expect(memory.files.get(b)).toBe(redactSecrets(original));
      if (damage !== 'unreadable' && memory.files.get(file) !== original && !CALENDAR_RECORDS.has(file))
        expect(backups.length).toBeGreaterThan(0);
      for (const text of [...memory.files.values(), ...told]) expect(text).not.toContain(h.sim.apiKey);
      for (const t of [...backups.map((b) => memory.files.get(b) ?? ''), ...told]) expect(t).not.toContain(FEED_TOKEN);
      // A round-2 entry is never used silently: said once, the original kept aside; a "handed off" the service
      // doesn't show is never said handed off.
      if (damage === ROUND2) {
        expect([...told, ...toldAfter].length).toBeGreaterThanOrEqual(file === 'handoff.json' ? 0 : 1);
        if (file !== 'handoff.json') expect(backups).toHaveLength(1);
        expect(run?.items.filter((i) => i.state === 'handed_off') ?? []).toEqual([]);
      }
      if (damage === ROUND4) {
        expect(told).toEqual([
          "Saved schedule data was written for another service address or user than this account's (kept as " +
            '/data/cache.json.bad-1); it was not used and will be fetched again.',
        ]);
      }
      // Round 5: not believed, said once, kept aside (a made-up feed token is replaced by one the app makes).
      if (damage === ROUND5) {
        expect(told.filter((t) => /not (used|a token this app made)/.test(t))).toHaveLength(1);
        expect(backups).toHaveLength(1);
        if (file === 'settings.json') expect(token).not.toBe('A'.repeat(22));
      }
      // The stamp proves nothing: said once, kept aside when it can be read at all.
      if (file === 'reminders-saved.json' || file === 'last-run.json') {
        expect(told.filter((t) => /when reminders were last saved/i.test(t))).toHaveLength(1);
        expect(backups).toHaveLength(damage === 'unreadable' ? 0 : 1);
      }
      // The mark: a file that isn't one is said once, naming it, and kept aside when it can be read at all.
      if (file === MARK && damage !== 'plausible but false') {
        expect(told.filter((t) => t.includes(MARK))).toHaveLength(1);
        expect(backups).toHaveLength(damage === 'unreadable' ? 0 : 1);
      }
      if (file === 'cache.json' && damage === 'plausible but false') {
        expect(told).toEqual([
          "2 entries of the saved schedule data were not used (a time that can't be true). The file was kept as " +
            '/data/cache.json.bad-1. They will be fetched again.',
        ]);
      }
    },
  );
});
