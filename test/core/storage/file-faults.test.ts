// The fault harness's file cases (issue 52): every file the app reads back — settings, the cache, the record of
// reminders, the saved hand-off and the calendar's record of what it published — tampered with one way at a time
// (cut short, not JSON, the wrong shape, huge, unreadable, plausible but false). For each, a real engine against the
// simulator: it starts, keeps working (the schedule is read fresh), writes nothing from the file to the service,
// publishes nothing raw in the calendar, tells the user at most once, keeps the original aside, and no key appears
// in a file or a notice.
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileStore } from '../../../electron/core/ports';
import { digestOf } from '../../../electron/core/calendar/published-record';
import { emptySnapshot } from '../../../electron/core/model/snapshot';
import { createHarness, type Harness } from '../support/engine-harness';
import { MemoryFileStore } from '../support/memory-file-store';
import { ME, quietSeed } from '../support/seeds';

const START = Date.parse('2026-03-25T06:00:00Z');
const MIN = 60_000;
const INJECTED = 'Injected';
const RUN = { version: 1, id: 'r1', createdAt: '2026-03-25T05:00:00Z' };
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
  'calendar-export.json': {
    valid: JSON.stringify({ version: 1, events: { [uid]: { ...entry, modifiedMs: START - MIN } } }),
    falseText: JSON.stringify({
      version: 1,
      events: { [`${uid}\r\nBEGIN:VEVENT\r\nSUMMARY:${INJECTED}`]: { ...entry, modifiedMs: 8.64e15 + 1000 } },
    }),
  },
};
const DAMAGES = ['cut short', 'not JSON', 'wrong shape', 'huge', 'unreadable', 'plausible but false'] as const;
type Damage = (typeof DAMAGES)[number];

function damaged(valid: string, falseText: string, damage: Damage): string {
  switch (damage) {
    case 'cut short':
      return valid.slice(0, Math.floor(valid.length / 2));
    case 'not JSON':
      return `${INJECTED}\u0000{`;
    case 'wrong shape':
      return JSON.stringify({ version: 1, events: [INJECTED], items: 3, accounts: 'x', fired: [] });
    case 'huge':
      return JSON.stringify({ version: 1, pad: INJECTED.repeat(300_000) });
    case 'unreadable':
      return valid;
    case 'plausible but false':
      return falseText;
  }
}

/** The harness's store with one file refused on read, as an unreadable file (EACCES) is. */
function refusing(inner: FileStore, name: string): FileStore {
  const denied = () => Promise.reject(Object.assign(new Error(`EACCES: open '${name}'`), { code: 'EACCES' }));
  return {
    read: (n) => (n === name ? denied() : inner.read(n)),
    writeAtomic: (n, t) => inner.writeAtomic(n, t),
    backup: (n) => inner.backup(n),
    remove: (n) => inner.remove(n),
  };
}

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ startMs: START, seed: quietSeed(1) });
});
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
  return JSON.stringify({ version: 2, accounts: [account], startAtLogin: true });
}

const cases = Object.keys(FILES).flatMap((file) => DAMAGES.map((damage) => [file, damage] as const));

describe('the fault harness: files read back', () => {
  it(`has ${cases.length} file cases`, () => expect(cases).toHaveLength(30));

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
      const original = damaged(valid, falseText, damage);
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
      await engine.stop();

      // Keeps working: the schedule is read (settings that can't be read leave no schedule to read: onboarding).
      if (file !== 'settings.json' || damage === 'plausible but false')
        expect(state.schedules[0]?.status.kind).toBe('fresh');
      // Writes nothing from it to the service, and publishes nothing raw.
      expect(h.sim.state.schedules.get('sch_quiet_0')?.overrides.length ?? 0).toBe(overridesBefore);
      expect(calendar).not.toContain(INJECTED);
      // Shown as fact: no notification carries a held message the app could not have held.
      for (const n of h.notifier.shown) expect(`${n.title} ${n.body}`).not.toContain(INJECTED);
      expect(
        ICAL.Component.fromString(calendar)
          .getAllSubcomponents('vevent')
          .every((e) => /^(\d+-)?[0-9a-f]{32}@oncall-tray$/.test(String(e.getFirstPropertyValue('uid')))),
      ).toBe(true);
      // Tells once: no notice twice; nothing of the file's own text in what is told.
      const told = [
        ...state.notices.map((n) => n.message),
        ...(handoff.ok && handoff.value.notice ? [handoff.value.notice] : []),
      ];
      expect(new Set(told).size).toBe(told.length);
      for (const t of told) expect(t).not.toContain(INJECTED);
      // Shown as fact: nothing of a dropped hand-off item is listed.
      const run = handoff.ok ? handoff.value.run : null;
      expect(run?.items.every((i) => i.scheduleId === 'sch_quiet_0') ?? true).toBe(true);
      // Kept aside as it was whenever it was not used as it was; never a key in a file or a notice.
      const backups = [...memory.files.keys()].filter((n) => n.startsWith(`${file}.bad-`));
      for (const b of backups) expect(memory.files.get(b)).toBe(original);
      if (damage !== 'unreadable' && memory.files.get(file) !== original && file !== 'calendar-export.json')
        expect(backups.length).toBeGreaterThan(0);
      for (const text of [...memory.files.values(), ...told]) expect(text).not.toContain(h.sim.apiKey);
      if (file === 'cache.json' && damage === 'plausible but false') {
        expect(told).toEqual([
          "2 entries of the saved schedule data were not used (a time that can't be true). The file was kept as " +
            '/data/cache.json.bad-1. They will be fetched again.',
        ]);
      }
    },
  );
});
