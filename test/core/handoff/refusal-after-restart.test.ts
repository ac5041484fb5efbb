// adv48 round 24 #1 (issue 48): an I'm away block the service refused with its own words, then a restart while the
// hand-off is still on disk (its other block answered 500). Before, the block said "Refused: before the app restarted
// (…)" on every surface, the app's sentence and the service's words lost for good. Now the saved reason is said
// again, but only when it reads as the app words a refusal (issue 52: the file is a claim): a damaged or oversized
// reason is dropped and the block says what it said before this fix. Real engine, simulator, real files, fake clock.
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME } from '../support/seeds';
import { buildTrayMenu, trayTooltip } from '../../../electron/core/state/tray-menu';
import { trayLabels } from '../support/tray-labels';
import { pairSeed, START } from './support/pair-world';
import { HandoffRunSchema } from '../../../electron/shared/handoff';

const MON = { scheduleId: 'sch_pair', start: '2026-03-23T08:00:00Z', end: '2026-03-24T08:00:00Z' };
const TUE = { scheduleId: 'sch_pair', start: '2026-03-24T08:00:00Z', end: '2026-03-25T08:00:00Z' };
const items = [
  { ...MON, email: 'bob@example.com' },
  { ...TUE, email: 'alice@example.com' },
];
const FILE = 'handoff.json';
const OLD = 'Refused: before the app restarted (';

let h: Harness | undefined;
afterEach(async () => void (await h?.close()));

type Edit = (message: string) => string;

/** Create all, Mon refused with `words` (status), Tue a 500; stop; the saved file edited by `edit`; start again. */
async function refusedThenRestart(status: number, words: string, edit?: Edit, body?: object) {
  h = await createHarness({ startMs: START, seed: pairSeed(), files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_pair', 'sch_solo'] });
  const hh = h;
  let n = 0;
  let engine = hh.engine({
    wrapClient: (c) => ({
      ...c,
      createOverride: (id, input) => {
        n += 1;
        if (n === 1) hh.sim.faults.set('createOverride', { status, body: body ?? { message: words }, times: 1 });
        if (n === 2) hh.sim.faults.set('createOverride', { status: 500, times: 1 });
        return c.createOverride(id, input);
      },
    }),
  });
  await engine.start();
  await hh.clock.advance(1_000);
  const made = await hh.clock.runWhileAdvancing(engine.handlers['handoff:create']({ items }), 1000, 300);
  if (!made.ok || !made.value.run) throw new Error('create failed');
  const monId = made.value.run.items.find((i) => i.start.startsWith('2026-03-23'))?.id ?? '';
  const before = made.value.said?.items[monId] ?? '';
  await engine.stop();
  if (edit) {
    const saved = HandoffRunSchema.parse(JSON.parse((await hh.files.read(FILE)) ?? ''));
    const run = { ...saved, items: saved.items.map((i) => (i.id === monId ? { ...i, message: edit(i.message) } : i)) };
    await hh.files.writeAtomic(FILE, JSON.stringify(run));
  }
  await hh.clock.advance(5_000);
  engine = hh.engine();
  await engine.start();
  await hh.clock.advance(2_000);
  const said = async () => {
    const got = await hh.clock.runWhileAdvancing(engine.handlers['handoff:get'](null), 1000, 300);
    return got.ok ? got.value.said : null;
  };
  return { hh, engine, monId, before, said };
}

describe('a refused away block after a restart', () => {
  for (const [status, words] of [
    [401, 'Invalid API key'],
    [403, 'Only schedule managers may add overrides to Pair.'],
    [409, 'Overlaps a freeze window'],
    [422, 'The window is frozen'],
  ] as const) {
    it(`${status}: says the same refusal (the app's sentence, the service's words) on every surface`, async () => {
      const { hh, engine, monId, before, said } = await refusedThenRestart(status, words);
      // Before the restart: the service's words after the app's own sentence (what the restart must keep).
      expect(before).toMatch(/^Refused: .+\. The service said: “/);
      expect(before).toContain(`“${words}”`);
      const reason = before.slice('Refused: '.length);
      const after = await said();
      expect(after?.items[monId]).toBe(before);
      expect(after?.summary).toContain(`1 refused: ${reason}`);
      await hh.clock.advance(60_000);
      const later = await said();
      expect(later?.items[monId]).toBe(before);
      const st = engine.getState();
      // The popover's line, the tray tooltip and the tray menu: the same refusal.
      expect(st.halfHandoff).toContain(`1 refused: ${reason}`);
      expect(trayTooltip(st, hh.clock.now(), 'Etc/UTC')).toContain(`“${words}”`);
      expect(trayLabels(buildTrayMenu(st, hh.clock.now(), 'Etc/UTC')).join(' / ')).toContain(`“${words}”`);
      // Retry after the 500's settle: Tue is written; the refusal for good still says why.
      await hh.clock.advance(5 * 60_000);
      const retried = await hh.clock.runWhileAdvancing(engine.handlers['handoff:retry'](null), 1000, 300);
      const final = retried.ok ? retried.value.said : null;
      if (status === 409 || status === 422) expect(final?.summary).toBe(`1 of 2 handed off · 1 refused: ${reason}`);
      expect(hh.sim.requests.count({ route: 'createOverride' })).toBe(status === 409 || status === 422 ? 3 : 4);
      await engine.stop();
    }, 60_000);
  }

  // The service listed its problems by field (the override form's "Person 1 (bob@…): …"): said the same after it.
  it('422 with a problem per field: says the same refusal after the restart', async () => {
    const problem = 'is on leave that day';
    const body = { message: 'Frozen', errors: [{ field: 'user_references.0.value', message: problem }] };
    const { hh, engine, monId, before, said } = await refusedThenRestart(422, problem, undefined, body);
    expect(before).toContain(`bob@example.com): ${problem}`);
    await hh.clock.advance(60_000);
    expect((await said())?.items[monId]).toBe(before);
    expect(engine.getState().halfHandoff).toContain(before.slice('Refused: '.length));
    await engine.stop();
  }, 60_000);

  const damaged: [string, Edit][] = [
    [
      'another sentence before the words',
      (m) => m.replace(/^[^.]+\./, 'Your key was revoked; paste it at evil.example.'),
    ],
    ['words too long', (m) => m.replace(/“.*”/, `“${'x '.repeat(200)}end”`)],
    ['a control in the words', (m) => m.replace('freeze', 'fre\u202eeze')],
    ['words not closed', (m) => m.replace(/”$/, '')],
    ['a huge reason', (m) => `${m}${'y'.repeat(100_000)}`],
  ];
  for (const [what, edit] of damaged) {
    it(`a saved reason with ${what} is dropped: the block says it was refused before the restart`, async () => {
      const { engine, monId, said } = await refusedThenRestart(409, 'Overlaps a freeze window', edit);
      const after = await said();
      expect(after?.items[monId]?.startsWith(OLD)).toBe(true);
      expect(JSON.stringify(after)).not.toContain('evil.example');
      expect(JSON.stringify(after)).not.toContain('The service said');
      await engine.stop();
    }, 60_000);
  }
});
