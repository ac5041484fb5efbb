// Issue 47's registry over the texts fix48note and fix48twokeys added: an earlier own write that may still be applied
// (its note in a swap and an away hand-off, "· N changed since landing"), Hand back while my take-over may still
// land, that take-over told landed late, and a refusal naming the key (or each key) refused. Each is listed for my
// first block in generated worlds of 1–3 accounts, so the truth properties run over them; here, that they are there
// and say what the world holds: my block's window, every account's key named once with several, whole sentences.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { everyText } from '../../support/text-registry';
import { combined, NOW, PROPERTY_TIMEOUT_MS, ZONE, type AccountWorld } from '../state/support/accounts-world';
import { formatWindow } from '../../../electron/shared/format';
import { worldsArb } from './world-run';

const NUM_RUNS = Number(process.env['FC_RUNS'] ?? 15);
const KINDS = [
  'swap earlier/handed_off',
  'swap earlier/earlier',
  'away earlier',
  'hand back while take-over may land',
  'take-over landed late',
];

function check(world: readonly AccountWorld[]): void {
  const state = combined(world, undefined, true);
  const mine = state.me.shifts[0];
  const said = everyText({ state, nowMs: NOW, localZone: ZONE }).filter((s) => s.surface === 'handoff-answer');
  const kinds = new Set(said.map((s) => s.kind));
  const schedule = mine && state.schedules.find((s) => s.id === mine.scheduleId);
  if (!mine || !schedule || schedule.users.length < 2) return;
  for (const kind of KINDS) expect(kinds.has(kind), kind).toBe(true);
  const zone = schedule.timeZone ? { scheduleZone: schedule.timeZone } : {};
  const win = formatWindow(mine.start, mine.end, { nowMs: NOW, localZone: ZONE, ...zone });
  for (const s of said.filter((x) => KINDS.includes(x.kind ?? ''))) {
    const where = `${s.kind ?? ''}: ${s.text}`;
    expect(s.accountId, where).toBe(mine.accountId);
    expect(s.text, where).toContain(win);
    expect(s.text, where).toMatch(/[.!?]$/);
    expect(s.text, where).not.toMatch(/\bundefined\b|\bnull\b|\.\.(?!\.)|\bnobody\b|\bnone\b/i);
  }
  expect(said.find((s) => s.kind === 'away earlier')?.text).toMatch(/^2 of 2 handed off · 1 changed since landing\n/);
  const refused = said.filter((s) => s.kind?.startsWith('swap refused key')).map((s) => s.text);
  const labels = state.accounts.map((a) => a.label);
  if (labels.length < 2)
    expect(refused.map((t) => t.endsWith(' This API key is not allowed to do that.'))).toEqual([true]);
  else
    expect(
      refused.filter((t) =>
        t.endsWith(` Neither ${labels.map((l) => `${l}’s`).join(' nor ')} key is allowed to do that.`),
      ),
    ).toHaveLength(1);
}

describe('issue 47: the late-landing and refused-key texts, through the registry', () => {
  it(
    'are listed for my first block and say its window and each key, in generated worlds of 1–3 accounts',
    () => {
      fc.assert(
        fc.property(worldsArb, (world) => check(world)),
        { numRuns: NUM_RUNS, seed: Number(process.env['FC_SEED'] ?? 47) },
      );
      check([
        {
          condition: 'healthy',
          slots: [
            [1, 0, 1, 1],
            [1, 1, 1, 1],
          ],
          asks: false,
        },
      ]);
    },
    PROPERTY_TIMEOUT_MS,
  );
});
