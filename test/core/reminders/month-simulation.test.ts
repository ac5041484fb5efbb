// A hostile month through the real engine, simulator (over a TCP proxy on loopback), real files and a fake clock,
// deterministic by seed: one user on six schedules in six zones (Kolkata's half hour, Sydney's southern DST),
// across Europe's spring-forward and Sydney's fall-back, with sleeps (some without a resume event), outages of
// eight kinds, restarts over the same data folder, changes others make to my shifts (also while the app sleeps,
// is closed or cut off) and a zone change. Expected messages are computed from the simulator's own shift lists
// (support/month-oracle.ts), never from the app's code. The figures are printed per category.
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createHarness } from '../support/engine-harness';
import { judgeMonth, printVerdict } from '../support/month-oracle';
import { DAY, HOUR, ME, MIN, monthSeed, MONTH_SCHEDULES, World } from '../support/month-world';
import { monthMoves, monthWorldOptions, MONTH_REFRESH } from '../support/month-moves';

const SEED = Number(process.env['MONTH_SEED'] ?? 20260320);
const START = Date.parse('2026-03-20T00:00:00Z');
const END = Date.parse('2026-04-20T00:00:00Z');
const IDS = MONTH_SCHEDULES.map((s) => s.id);
/** Refresh interval plus slack: the slowest the app may be to learn of a change it can reach. */
const LEARN_MS = MONTH_REFRESH.idleIntervalSec * 1000 + 2 * MIN;
/** After a failing stretch: the backoff's longest wait (two refresh intervals, as promised) plus slack. */
const LEARN_AFTER_FAILURES_MS = 2 * MONTH_REFRESH.idleIntervalSec * 1000 + 2 * MIN;

type Episode = { name: string; run: () => Promise<void> };

async function simulate(): Promise<World> {
  const h = await createHarness({ startMs: START, seed: monthSeed(), files: 'fs', jitterSeed: SEED });
  const w = new World(h, monthWorldOptions(IDS, START, END));
  await w.prepare();
  const { rnd, blocks, upcoming, freeSchedule, other, change, minutes, outage } = monthMoves(w, SEED, IDS);

  const episodes: Episode[] = [
    {
      name: 'sleep over a start, resume',
      run: async () => {
        const b = upcoming(w.now() + HOUR, (x) => x.endMs - x.startMs >= 3 * HOUR);
        await w.advanceTo(b.startMs - minutes(5, 40));
        await w.sleep(b.startMs - w.now() + minutes(40, 150), true);
      },
    },
    {
      name: 'my shift given to Alice while I sleep (1)',
      run: async () => {
        const b = upcoming(w.now() + 2 * HOUR, (x) => x.endMs - x.startMs >= 4 * HOUR);
        await w.advanceTo(b.startMs - HOUR);
        await w.sleep(2.5 * HOUR, true, [
          {
            afterMs: 30 * MIN,
            act: async () =>
              void (await change('give my shift away while asleep', [
                { scheduleId: b.scheduleId, startMs: b.startMs, endMs: b.endMs, email: 'alice@example.com' },
              ])),
          },
        ]);
      },
    },
    {
      name: 'HTTP 500 for hours; meanwhile I am put on a shift that starts (2)',
      run: async () => {
        await outage('http500', 4 * HOUR, async () => {
          const from = w.now() + 15 * MIN;
          const to = from + 5 * HOUR;
          await change('add me while the service fails', [
            { scheduleId: freeSchedule(from - HOUR, to + HOUR), startMs: from, endMs: to, email: ME },
          ]);
        });
      },
    },
    {
      name: 'sleep over a start without a resume event (4)',
      run: async () => {
        const b = upcoming(w.now() + HOUR, (x) => x.endMs - x.startMs >= 3 * HOUR);
        await w.advanceTo(b.startMs - minutes(5, 12));
        await w.sleep(minutes(90, 120), false);
      },
    },
    {
      name: 'closed while my running shift is extended (5)',
      run: async () => {
        const b = upcoming(w.now() + HOUR, (x) => x.endMs - x.startMs >= 6 * HOUR);
        await w.advanceTo(b.startMs + HOUR);
        await w.restart(2 * HOUR, [
          {
            afterMs: HOUR,
            act: async () =>
              void (await change('extend my running shift while closed', [
                { scheduleId: b.scheduleId, startMs: b.endMs, endMs: b.endMs + 2 * HOUR, email: ME },
              ])),
          },
        ]);
      },
    },
    { name: 'service stopped (connection refused) for hours', run: async () => outage('down', minutes(120, 300)) },
    {
      name: 'my running shift shortened while awake (5)',
      run: async () => {
        const b = upcoming(w.now() + HOUR, (x) => x.endMs - x.startMs >= 8 * HOUR);
        await w.advanceTo(b.startMs + HOUR);
        await change('shorten my running shift', [
          { scheduleId: b.scheduleId, startMs: b.endMs - 3 * HOUR, endMs: b.endMs, email: other() },
        ]);
      },
    },
    {
      name: 'sleep with resume over a 1-day lead',
      run: async () => {
        const b = upcoming(w.now() + 26 * HOUR);
        await w.advanceTo(b.startMs - DAY - minutes(10, 50));
        await w.sleep(minutes(120, 200), true);
      },
    },
    {
      name: 'bridge: also cover the gap to my next shift (3)',
      run: async () => {
        const all = blocks();
        const pairs = all.flatMap((a) => {
          const next = all.find((x) => x.scheduleId === a.scheduleId && x.startMs > a.endMs);
          return next && a.startMs >= w.now() + HOUR && next.startMs - a.endMs <= 50 * HOUR ? [[a, next] as const] : [];
        });
        const [a, b] = rnd.pick(pairs.slice(0, 3));
        await w.advanceTo(a.startMs + HOUR);
        await change('bridge my running shift to the next', [
          { scheduleId: a.scheduleId, startMs: a.endMs, endMs: b.startMs, email: ME },
        ]);
      },
    },
    { name: 'HTTP 503 with Retry-After', run: async () => outage('http503', minutes(60, 150)) },
    {
      name: 'cancelled at short notice, after the 15-min lead',
      run: async () => {
        const b = upcoming(w.now() + HOUR);
        await w.advanceTo(b.startMs - 10 * MIN);
        await change('cancel at short notice', [
          { scheduleId: b.scheduleId, startMs: b.startMs, endMs: b.endMs, email: other() },
        ]);
      },
    },
    {
      name: 'closed over a shift start, then started again',
      run: async () => {
        const b = upcoming(w.now() + 2 * HOUR, (x) => x.endMs - x.startMs >= 5 * HOUR);
        await w.advanceTo(b.startMs - minutes(30, 90));
        await w.restart(b.startMs - w.now() + minutes(30, 120));
      },
    },
    {
      name: 'my shift moved 2 h later while I sleep',
      run: async () => {
        const b = upcoming(w.now() + 10 * HOUR, (x) => x.endMs - x.startMs >= 4 * HOUR);
        await w.advanceTo(b.startMs - 9 * HOUR);
        await w.sleep(6 * HOUR, true, [
          {
            afterMs: 2 * HOUR,
            act: async () =>
              void (await change('move my shift 2 h later while asleep', [
                { scheduleId: b.scheduleId, startMs: b.startMs, endMs: b.startMs + 2 * HOUR, email: other() },
                { scheduleId: b.scheduleId, startMs: b.endMs, endMs: b.endMs + 2 * HOUR, email: ME },
              ])),
          },
        ]);
      },
    },
    {
      name: 'connection resets; my running shift extended meanwhile',
      run: async () => {
        const b = upcoming(w.now() + HOUR, (x) => x.endMs - x.startMs >= 8 * HOUR);
        await w.advanceTo(b.startMs + HOUR);
        await outage(
          'reset',
          2 * HOUR,
          async () =>
            void (await change('extend my running shift while offline', [
              { scheduleId: b.scheduleId, startMs: b.endMs, endMs: b.endMs + 3 * HOUR, email: ME },
            ])),
        );
      },
    },
    {
      name: 'sleep without resume over an end',
      run: async () => {
        const b = upcoming(w.now() + HOUR);
        await w.advanceTo(Math.max(w.now(), b.endMs - minutes(10, 30)));
        await w.sleep(minutes(100, 160), false);
      },
    },
    {
      name: 'restart while the service is stopped, over a start',
      run: async () => {
        const b = upcoming(w.now() + 2 * HOUR, (x) => x.endMs - x.startMs >= 5 * HOUR);
        await w.advanceTo(b.startMs - HOUR);
        await w.outageBegin('down');
        await w.restart(2 * HOUR);
        await w.advanceTo(w.now() + HOUR);
        await w.outageEnd();
      },
    },
    {
      name: 'a future shift of mine given away while awake',
      run: async () => {
        const b = upcoming(w.now() + 30 * HOUR);
        await change('give a shift in two days away', [
          { scheduleId: b.scheduleId, startMs: b.startMs, endMs: b.endMs, email: other() },
        ]);
      },
    },
    { name: 'HTTP 429 with a long Retry-After', run: async () => outage('http429', minutes(45, 90)) },
    {
      name: 'travel: Berlin → New York during a long sleep (6)',
      run: async () => {
        await w.sleep(9 * HOUR, true, [{ afterMs: 4 * HOUR, act: async () => w.travel('America/New_York') }]);
      },
    },
    {
      name: 'put on a shift in two days while awake',
      run: async () => {
        const from = Math.ceil((w.now() + 40 * HOUR) / HOUR) * HOUR;
        await change('add me to a shift in two days', [
          { scheduleId: freeSchedule(from - HOUR, from + 7 * HOUR), startMs: from, endMs: from + 6 * HOUR, email: ME },
        ]);
      },
    },
    { name: 'a short nap', run: async () => w.sleep(minutes(3, 8), true) },
    {
      name: 'restart over an end (late "Shift ended")',
      run: async () => {
        const b = upcoming(w.now() + HOUR);
        await w.advanceTo(Math.max(w.now(), b.endMs - minutes(30, 90)));
        await w.restart(minutes(150, 300));
      },
    },
    { name: 'malformed JSON answers', run: async () => outage('malformed', minutes(60, 120)) },
    {
      name: 'sleep without resume; put on a shift that starts while asleep',
      run: async () => {
        await w.sleep(10 * HOUR, false, [
          {
            afterMs: HOUR,
            act: async () => {
              const from = Math.ceil((w.now() + HOUR) / HOUR) * HOUR;
              await change('add me while asleep (no resume event)', [
                {
                  scheduleId: freeSchedule(from - HOUR, from + 13 * HOUR),
                  startMs: from,
                  endMs: from + 12 * HOUR,
                  email: ME,
                },
              ]);
            },
          },
        ]);
      },
    },
    {
      name: 'closed through a whole shift that is taken away meanwhile',
      run: async () => {
        const b = upcoming(w.now() + 2 * HOUR, (x) => x.endMs - x.startMs <= 13 * HOUR);
        await w.advanceTo(b.startMs - HOUR);
        await w.restart(b.endMs - w.now() + 2 * HOUR, [
          {
            afterMs: 30 * MIN,
            act: async () =>
              void (await change('take away a shift while closed', [
                { scheduleId: b.scheduleId, startMs: b.startMs, endMs: b.endMs, email: other() },
              ])),
          },
        ]);
      },
    },
    { name: 'broken answers (schema)', run: async () => outage('badSchema', minutes(60, 150)) },
    {
      name: 'sleep without resume over a 15-min lead',
      run: async () => {
        const b = upcoming(w.now() + HOUR);
        await w.advanceTo(b.startMs - 20 * MIN);
        await w.sleep(8 * MIN, false);
      },
    },
    {
      name: 'cancelled 40 min before the start',
      run: async () => {
        const b = upcoming(w.now() + 2 * HOUR);
        await w.advanceTo(b.startMs - 40 * MIN);
        await change('cancel 40 min before', [
          { scheduleId: b.scheduleId, startMs: b.startMs, endMs: b.endMs, email: other() },
        ]);
      },
    },
    { name: 'offline (network events) for hours', run: async () => outage('offline', minutes(120, 240)) },
    { name: 'quick restart', run: async () => w.restart(30_000) },
    {
      name: 'sleep with resume over a start (after travel)',
      run: async () => {
        const b = upcoming(w.now() + HOUR, (x) => x.endMs - x.startMs >= 3 * HOUR);
        await w.advanceTo(b.startMs - minutes(5, 25));
        await w.sleep(b.startMs - w.now() + minutes(20, 90), true);
      },
    },
  ];

  await w.start('start');
  await w.advanceTo(START + 2 * HOUR);
  const done: string[] = [];
  for (const e of episodes) {
    await w.advanceTo(w.now() + rnd.int(2, 6) * HOUR + minutes(0, 59));
    if (w.now() > END - 2 * DAY) break;
    await e.run();
    done.push(e.name);
  }
  await w.advanceTo(END);
  await w.engine?.stop();
  console.log(`episodes run: ${done.length}/${episodes.length}, last ended ${new Date(w.now()).toISOString()}`);
  return w;
}

/** A change on a schedule may only come after the previous one there could be learned (else two blur into one). */
function checkScenario(w: World): void {
  for (const c of w.changes) {
    const earlier = w.changes.filter((x) => x.order < c.order && [...x.diff.keys()].some((k) => c.diff.has(k)));
    for (const x of earlier)
      if (c.atMs - x.atMs < DAY) throw new Error(`scenario: ${x.label} and ${c.label} on one schedule within a day`);
  }
}

describe('a month of reminders through sleeps, outages, restarts, changes by others and travel', () => {
  it('says every reminder once and on time, and nothing untrue', async () => {
    const w = await simulate();
    checkScenario(w);
    const counts = {
      seed: SEED,
      sleeps: w.sleeps.length,
      sleepsWithoutResume: w.sleeps.filter((s) => !s.resume).length,
      outages: w.outages.length,
      outageKinds: new Set(w.outages.map((o) => o.kind)).size,
      restarts: w.closed.length,
      changes: w.changes.length,
      zoneChanges: w.zoneChanges.length,
      messages: w.rec.shown.length,
      syncAnswers: w.rec.syncs.length,
    };
    const verdict = judgeMonth(w, {
      judgeFromMs: START + HOUR,
      judgeToMs: END,
      leadsMin: [1440, 15],
      learnMs: LEARN_MS,
      learnAfterFailuresMs: LEARN_AFTER_FAILURES_MS,
      onTimeMs: 1_000,
      settleMs: 2 * MIN,
      graceMs: 60_000,
      lateEndMs: 12 * HOUR,
    });
    printVerdict(verdict, counts);
    const dump = process.env['MONTH_DUMP'];
    if (dump) {
      const at = (ms: number) => new Date(ms).toISOString();
      const lines = [
        ...w.rec.shown.map((m) => ({ order: m.order, line: `${at(m.atMs)} SHOW ${m.id} "${m.title}" ${m.body}` })),
        ...w.wakes.map((x) => ({ order: x.order, line: `${at(x.atMs)} WAKE ${x.kind}` })),
        ...w.changes.map((c) => ({
          order: c.order,
          line: `${at(c.atMs)} CHANGE ${c.label} ${[...c.diff].map(([k, d]) => `${k}:${d.map((i) => `${at(i.fromMs)}–${at(i.toMs)}`).join(',')}`).join(' ')}`,
        })),
        ...w.zoneChanges.map((z) => ({ order: z.order, line: `${at(z.atMs)} ZONE ${z.from} → ${z.to}` })),
      ].sort((a, b) => a.order - b.order);
      writeFileSync(
        dump,
        `${[
          ...w.sleeps.map((x) => `sleep ${at(x.fromMs)} – ${at(x.toMs)}${x.resume ? '' : ' (no resume event)'}`),
          ...w.closed.map((x) => `closed ${at(x.fromMs)} – ${at(x.toMs)}`),
          ...w.outages.map((x) => `outage ${x.kind} ${at(x.fromMs)} – ${at(x.toMs)}`),
          ...lines.map((l) => l.line),
        ].join('\n')}\n`,
      );
    }
    // The scenario itself is as hostile as promised.
    expect(counts.sleeps).toBeGreaterThanOrEqual(10);
    expect(counts.sleepsWithoutResume).toBeGreaterThanOrEqual(3);
    expect(counts.outages).toBeGreaterThanOrEqual(8);
    expect(counts.outageKinds).toBeGreaterThanOrEqual(6);
    expect(counts.restarts).toBeGreaterThanOrEqual(5);
    expect(counts.changes).toBeGreaterThanOrEqual(10);
    expect(counts.zoneChanges).toBe(1);
    const figure = (category: string) => verdict.figures.find((f) => f.category.startsWith(category));
    expect(figure('on time')?.checked).toBeGreaterThan(100);
    expect(figure('every change told')?.checked).toBeGreaterThanOrEqual(8);
    expect(figure('owed catch-ups')?.checked).toBeGreaterThanOrEqual(4);
    expect(figure('local times')?.checked).toBeGreaterThan(50);
    // Per category: no failures.
    const summary = Object.fromEntries(verdict.figures.map((f) => [f.category, f.failed]));
    expect(summary).toEqual(Object.fromEntries(verdict.figures.map((f) => [f.category, 0])));
  }, 600_000); // ~60 s alone; generous, as CI runs it beside the other test files on 2 cores
});
