// Issue 49, adv49 r26: the tray menu's first item (my state, opening the popover) named every schedule I'm on call on,
// "until Thu 09:00" each: 105 characters with 1 × 3 schedules, 1,125 with 3 × 10. Native menu items don't wrap, so
// the menu went screen-wide or was cut. It now says my state in one short line from the statement the tooltip's
// first line shortens (my run: its end, its basis, how many schedules), the per-schedule detail in the submenus.
// Real engine against the simulator on loopback with a fake clock; then generated worlds. Both failed before.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildTrayMenu, type TrayMenuItem } from '../../../electron/core/state/tray-menu';
import { startSimulator } from '../../../electron/simulator/server';
import { serviceSeed } from '../../support/two-service-seeds';
import { createHarness } from '../support/engine-harness';
import { trayLabels } from '../support/tray-labels';
import { DAY } from '../../support/time';
import { manyState, manyWorldArb, NOW, ZONE, type ManyAccount } from './support/many-schedules-world';

const START = Date.parse('2026-03-04T12:00:00Z');
const MAX_CHARS = 80;
const NUM_RUNS = Number(process.env['FC_RUNS'] ?? 100);
const label = (i: TrayMenuItem | undefined): string => (i && 'label' in i ? i.label : '');

/** The seed's rotation (two people, a day each from Mon 2026-03-02 09:00 Berlin, Alice first), worked out here: the
 *  end of Alice's day holding `atMs`, as the tray words a time in the week ("Thu 09:00"). */
function aliceEndAt(atMs: number): string {
  const rotationStart = Date.parse('2026-03-02T08:00:00Z');
  const day = Math.floor((atMs - rotationStart) / DAY);
  expect(day % 2, 'Alice holds the day of the world').toBe(0);
  const end = new Date(rotationStart + (day + 1) * DAY);
  const part = (type: string): string =>
    new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, weekday: 'short', hour: '2-digit', minute: '2-digit' })
      .formatToParts(end)
      .find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')} ${part('hour')}:${part('minute')}`;
}

function tenSchedules(key: string, people: [string, string], prefix: string, count: number) {
  const seed = serviceSeed(key, people);
  const base = seed.schedules[0]!;
  seed.schedules = Array.from({ length: count }, (_, i) => ({
    ...structuredClone(base),
    id: i === 0 ? 'sch_primary' : `sch_${i}`,
    name: `${prefix} sched ${i}`,
  }));
  return seed;
}

interface EngineWorld {
  accounts: number;
  schedules: number;
  problems: boolean;
}

/** The finding's world on the real engine: my e-mail on call on every watched schedule of each account. */
async function menuOf(w: EngineWorld): Promise<TrayMenuItem[]> {
  const h = await createHarness({
    startMs: START,
    seed: tenSchedules('ocs_work_key_1111', ['alice', 'bob'], 'Work', 10),
    files: 'fs',
  });
  const acme = await startSimulator({
    seed: tenSchedules('ocs_acme_key_2222', ['alice', 'frank'], 'Acme', 10),
    now: () => h.clock.now(),
  });
  const beta = await startSimulator({
    seed: tenSchedules('ocs_beta_key_3333', ['alice', 'hank'], 'Beta', 10),
    now: () => h.clock.now(),
  });
  const ids = ['sch_primary', ...Array.from({ length: w.schedules - 1 }, (_, i) => `sch_${i + 1}`)];
  const acc = (id: string, label: string, baseUrl: string) => ({
    id,
    label,
    baseUrl,
    email: 'alice@example.com',
    schedules: ids.map((s) => ({ id: s })),
  });
  const accounts = [acc('work', 'Work', h.sim.url), acc('acme', 'Acme', acme.url), acc('beta', 'Beta', beta.url)];
  const settings = { version: 2, startAtLogin: true, accounts: accounts.slice(0, w.accounts) };
  await h.files.writeAtomic('settings.json', JSON.stringify(settings));
  await h.secrets.set(`work@${new URL(h.sim.url).host}`, 'ocs_work_key_1111');
  await h.secrets.set(`acme@${new URL(acme.url).host}`, w.problems ? 'ocs_wrong_key_999' : 'ocs_acme_key_2222');
  await h.secrets.set(`beta@${new URL(beta.url).host}`, 'ocs_beta_key_3333');
  if (w.problems) {
    h.sim.faults.set('getSchedule', { status: 404, pathIncludes: '/schedules/sch_3' });
    beta.faults.set('*', { status: 500 });
  }
  const engine = h.engine({ alarms: false });
  try {
    await engine.start();
    await h.clock.advance(5_000);
    return buildTrayMenu(engine.getState(), h.clock.now(), ZONE);
  } finally {
    await engine.stop();
    await h.close();
    await acme.close();
    await beta.close();
  }
}

describe('the tray menu says my state in one short line (issue 49, adv49 r26)', () => {
  const worlds: EngineWorld[] = [
    { accounts: 1, schedules: 3, problems: false },
    { accounts: 1, schedules: 10, problems: false },
    { accounts: 3, schedules: 3, problems: false },
    { accounts: 3, schedules: 10, problems: false },
    { accounts: 3, schedules: 10, problems: true },
  ];
  for (const w of worlds)
    it(`${w.accounts} × ${w.schedules}${w.problems ? ' with problems' : ''}: one line, my run's end once`, async () => {
      const menu = await menuOf(w);
      const first = label(menu[0]);
      const end = aliceEndAt(START);
      expect(menu[0], first).toMatchObject({ type: 'action', action: 'open-status' });
      expect(first).toMatch(/^You are on call/);
      expect(first.length, first).toBeLessThanOrEqual(MAX_CHARS);
      // The end said once, and where another account can't be read, as not known past it.
      expect(first.split(end).length - 1, first).toBe(1);
      if (w.problems) expect(first, first).toContain(`until at least ${end}, then unknown`);
      else expect(first, first).toContain(`until ${end}`);
      // Nothing lost: every schedule I'm on call on is still named, with its own end, in the submenus below: my
      // block's statement as the hand-off words it (issue 47; its account named while there are several).
      const below = trayLabels(menu.slice(1)).join('\n');
      const readable = w.problems ? ['Work'] : ['Work', 'Acme', 'Beta'].slice(0, w.accounts);
      for (const prefix of readable)
        for (let i = 0; i < w.schedules; i++) {
          if (w.problems && i === 3) continue;
          const name = w.accounts > 1 ? `${prefix} · ${prefix} sched ${i}` : `${prefix} sched ${i}`;
          expect(below, name).toContain(`You are on call: ${name} until ${end}`);
        }
    }, 60_000);
});

/** Whether the world has me on call now on a schedule whose read is fresh or saved (slot 1, not a hole). */
const onCallRead = (world: readonly ManyAccount[]): ManyAccount[] =>
  world.filter(
    (a) =>
      (a.read === 'fresh' || a.read === 'saved') &&
      a.slots.some((slots, k) => slots[1] === 0 && !(a.hole?.schedule === k && a.hole.slot === 1)),
  );

describe('in generated worlds of 1–3 accounts × 1–10 schedules (fresh, saved, unknown, holes)', () => {
  it(`the first item is my state, at most ${MAX_CHARS} characters, on call said where I am, saved data said`, () => {
    fc.assert(
      fc.property(manyWorldArb, (world) => {
        const menu = buildTrayMenu(manyState(world), NOW, ZONE);
        const first = label(menu[0]);
        expect(menu[0], first).toMatchObject({ type: 'action', action: 'open-status' });
        expect(first.length, first).toBeLessThanOrEqual(MAX_CHARS);
        const on = onCallRead(world);
        if (on.length > 0) expect(first).toMatch(/^(You are on call|On call on \d accounts until )/);
        // Where my now rests only on saved data, the line says so (never as if read now).
        if (on.length > 0 && on.every((a) => a.read === 'saved')) expect(first).toMatch(/saved/);
      }),
      { numRuns: NUM_RUNS, seed: Number(process.env['FC_SEED'] ?? 49) },
    );
  }, 60_000);
});
