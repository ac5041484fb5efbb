// Issue 35: generated worlds for the surfaces that state a span or a total from one schedule's read — the end of my
// block (tooltip "until"/"left"), readiness, "covered by you", the override preview's "nothing to change", calendar
// alarms and my load. Each world: hourly shifts of me or Alice, a read range with edges anywhere, holes (shifts sent
// unreadable), and the read fresh or stale. The oracle is the generated world itself (its range, holes and
// freshness), never core/model/timeline.ts or shared/basis.ts. FC_RUNS=n, FC_SEED.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { myCalendarBlocks } from '../../../electron/core/calendar/my-blocks';
import { alarmText } from '../../../electron/core/calendar/ics-calendar';
import { planOverride } from '../../../electron/core/actions/override-window';
import { deriveState } from '../../../electron/core/state/derive';
import { trayTooltip } from '../../../electron/core/state/tray-menu';
import { readinessLine } from '../../../electron/shared/readiness-text';
import { alreadyOnCallText, nothingToDo } from '../../../electron/shared/preview-text';
import {
  SETUP_OK,
  alice,
  coverage,
  details,
  me,
  scheduleSnap,
  settingsWith,
  shift,
  snapshotOf,
} from '../support/fixtures';

const NUM_RUNS = Number(process.env['FC_RUNS'] ?? 60);
const SEED = Number(process.env['FC_SEED'] ?? 20261127);
const H = 3_600_000;
const T0 = Date.parse('2026-03-10T00:00:00Z');
const NOW = T0 + 48 * H + 30 * 60_000; // 2 days in, at :30
const iso = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z');

interface World {
  owners: boolean[]; // per hour from T0 (96 h): true = me, false = Alice
  fromH: number;
  toH: number;
  holes: { fromH: number; hours: number }[];
  stale: boolean;
}

const worldArb: fc.Arbitrary<World> = fc.record({
  owners: fc.array(fc.boolean(), { minLength: 96, maxLength: 96 }),
  fromH: fc.integer({ min: 0, max: 47 }),
  toH: fc.integer({ min: 49, max: 96 }),
  holes: fc.array(fc.record({ fromH: fc.integer({ min: 0, max: 95 }), hours: fc.integer({ min: 1, max: 6 }) }), {
    maxLength: 3,
  }),
  stale: fc.boolean(),
});

/** The oracle: hour h is read (fresh or saved) when inside the range and in no hole. */
const readHour = (w: World, h: number): boolean =>
  h >= w.fromH && h < w.toH && !w.holes.some((x) => h >= x.fromH && h < x.fromH + x.hours);

function snapshotOfWorld(w: World) {
  const inHole = (h: number) => w.holes.some((x) => h >= x.fromH && h < x.fromH + x.hours);
  const shifts = w.owners.flatMap((mine, h) =>
    h >= w.fromH && h < w.toH && !inHole(h) ? [shift(iso(T0 + h * H), iso(T0 + (h + 1) * H), mine ? me : alice)] : [],
  );
  const readAt = w.stale ? iso(T0 + 40 * H) : iso(NOW - 60_000);
  const s = scheduleSnap('sch_p', shifts, {
    shiftsFrom: iso(T0 + w.fromH * H),
    shiftsTo: iso(T0 + w.toH * H),
    shiftHoles: w.holes.map((x) => ({ from: iso(T0 + x.fromH * H), to: iso(T0 + (x.fromH + x.hours) * H) })),
    details: details('Platform', 'UTC', [alice, me]),
    detailsFetchedAt: readAt,
    shiftsFetchedAt: readAt,
    ...(w.stale ? { problem: { kind: 'network', message: 'Cannot reach the service.', at: iso(NOW - 60_000) } } : {}),
  });
  return s;
}

const settings = settingsWith({ schedules: [{ id: 'sch_p' }], startAtLogin: true });

function derive(w: World, requests = [] as ReturnType<typeof coverage>[]) {
  return deriveState({
    snapshot: snapshotOf([snapshotOfWorld(w)], { coverageRequests: requests, coverageFetchedAt: iso(NOW - 60_000) }),
    nowMs: NOW,
    settings,
    setup: SETUP_OK,
    syncing: false,
    notices: [],
    localZone: 'UTC',
    notificationHealth: { result: 'ok', message: 'ok' },
  });
}

const run = <T extends unknown[]>(p: fc.IPropertyWithHooks<T>) => fc.assert(p, { numRuns: NUM_RUNS, seed: SEED });

describe('issue 35: span statements rest on their basis, in generated worlds', () => {
  it('"until HH:MM" with "left" only where the hour after my block was read', () => {
    run(
      fc.property(worldArb, (w) => {
        const state = derive(w);
        const tooltip = trayTooltip(state, NOW, 'UTC');
        for (const m of state.me.onCallNow) {
          const endH = (Date.parse(m.end) - T0) / H;
          if (!readHour(w, endH)) {
            expect(m.endBasis.kind).toBe('unknown');
            expect(tooltip).not.toMatch(/left\)/);
          } else expect(m.endBasis.kind).toBe(w.stale ? 'saved' : 'fresh');
        }
      }),
    );
  });

  it('readiness says "saved data" only when the data is saved, and ready only over read time', () => {
    run(
      fc.property(worldArb, (w) => {
        const state = derive(w);
        const r = state.me.readiness;
        if (!r) return;
        const text = readinessLine(r, (x) => x, state).text;
        const [a, b] = [(Date.parse(r.shift.start) - T0) / H, (Date.parse(r.shift.end) - T0) / H];
        const allRead = Array.from({ length: b - a }, (_, i) => a + i).every((h) => readHour(w, h));
        if (!w.stale) expect(text).not.toContain('saved data');
        if (w.stale && allRead) expect(text).toContain('saved data');
        if (!allRead || w.stale) expect(text).not.toMatch(/^Ready/);
      }),
    );
  });

  it('"covered by you" only from data that reads me on call over the whole asked time; ✓ only when fresh', () => {
    run(
      fc.property(worldArb, fc.integer({ min: 49, max: 90 }), fc.integer({ min: 1, max: 5 }), (w, fromH, hours) => {
        const asked = { start: iso(T0 + fromH * H), end: iso(T0 + (fromH + hours) * H), scheduleId: 'sch_p' };
        const state = derive(w, [coverage('cov_1', alice, [asked])]);
        const hs = Array.from({ length: hours }, (_, i) => fromH + i);
        // Saved data that reads me over it is "covered by you (saved data …)", never asking me (adv47 r16 #1).
        const truly = hs.every((h) => readHour(w, h) && w.owners[h] === true);
        expect(state.coverage.coveredByMe.length).toBe(truly ? 1 : 0);
        expect(state.coverage.askingMe.length).toBe(truly ? 0 : 1);
        const basis = state.coverage.coveredByMe[0]?.coveredBasis?.kind;
        if (truly) expect(basis).toBe(w.stale ? 'saved' : 'fresh');
      }),
    );
  });

  it('"nothing to change" (Create held) only when fresh data reads me on call over the whole window', () => {
    run(
      fc.property(worldArb, fc.constantFrom<1 | 2 | 4>(1, 2, 4), (w, hours) => {
        const plan = planOverride(
          { scheduleId: 'sch_p', window: { kind: 'next_hours', hours }, emails: [] },
          snapshotOf([snapshotOfWorld(w)]),
          settings,
          NOW,
        );
        if (!plan.ok) return;
        // The window is [now, now + hours): the hours it touches from 48 on.
        const hs = Array.from({ length: hours + 1 }, (_, i) => 48 + i);
        const mineAll = hs.every((h) => readHour(w, h) && w.owners[h] === true);
        expect(nothingToDo(plan.value.preview)).toBe(!w.stale && mineAll);
        const text = alreadyOnCallText(plan.value.preview, ['You'], (iso) => iso) ?? '';
        if (text.includes('nothing to change')) expect(!w.stale && mineAll).toBe(true);
      }),
    );
  });

  it('calendar alarms of saved data are marked, fresh ones bare', () => {
    run(
      fc.property(worldArb, (w) => {
        const blocks = myCalendarBlocks(snapshotOf([snapshotOfWorld(w)]), settings, { fromMs: 0, toMs: Infinity }, NOW);
        for (const b of blocks.flatMap((x) => x.blocks))
          expect(alarmText(b, 15).endsWith('(saved data)')).toBe(w.stale);
      }),
    );
  });

  it('my load counts read hours of mine and names every unreadable hour in the month so far', () => {
    run(
      fc.property(worldArb, (w) => {
        const p = derive(w).me.load?.thisMonth;
        if (!p) return;
        const fromH = (Date.parse(p.from) - T0) / H;
        const untilH = 48; // counted to the current hour
        const span = Array.from({ length: Math.max(0, untilH - fromH) }, (_, i) => fromH + i);
        // From saved data (read at hour 40), the hours after the read are not counted but named as unreadable: the
        // shift may have been given away since (issue 47, round 2).
        const pastRead = (h: number) => w.stale && h >= 40;
        const inHole = (h: number) => pastRead(h) || w.holes.some((x) => h >= x.fromH && h < x.fromH + x.hours);
        expect(p.basis.kind).toBe(w.stale ? 'saved' : 'fresh');
        expect(p.hours).toBe(span.filter((h) => readHour(w, h) && !pastRead(h) && w.owners[h] === true).length);
        expect(p.unreadableHours).toBe(span.filter((h) => h < w.toH && inHole(h)).length);
        // Nights (22:00–07:00 UTC) with an hour of mine read are counted; those under an hour that the unreadable
        // hours may make one are said beside them ("1 night + 1 not readable").
        const nightOf = (h: number) => (h % 24 >= 22 ? Math.floor(h / 24) : h % 24 < 7 ? Math.floor(h / 24) - 1 : null);
        const perNight = new Map<number, { mine: number; unreadable: number }>();
        for (const h of span) {
          const n = nightOf(h);
          if (n === null) continue;
          const t = perNight.get(n) ?? { mine: 0, unreadable: 0 };
          if (readHour(w, h) && !pastRead(h) && w.owners[h] === true) t.mine++;
          if (h < w.toH && inHole(h)) t.unreadable++;
          perNight.set(n, t);
        }
        const nights = [...perNight.values()];
        expect(p.nights).toBe(nights.filter((t) => t.mine >= 1).length);
        expect(p.unreadableNights).toBe(nights.filter((t) => t.mine < 1 && t.mine + t.unreadable >= 1).length);
      }),
    );
  });
});

describe('issue 35: counterexamples of the load property, kept', () => {
  it('two hours of mine in one night (01:00 and 05:00) are "1 night", not 2', () => {
    const owners = Array.from({ length: 96 }, (_, h) => h === 25 || h === 29);
    const p = derive({ owners, fromH: 0, toH: 49, holes: [], stale: false }).me.load?.thisMonth;
    expect(p?.hours).toBe(2);
    expect(p?.nights).toBe(1);
  });
});
