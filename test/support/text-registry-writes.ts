// The write answers the renderer shows (issue 47, fix 47t): what the real engine answers to each write a user makes
// (away hand-off, take over, hand back, a quick override from its preview or from a plan, refresh now), run against
// the simulator on a fake clock in a few typical worlds: fresh, saved (the service gone after the first read), one
// read unreadable (the schedule's shifts answer 500). The answers pass through the registry (RegistryInput.writes)
// as surface 'write-answer', so its properties run over them.
import type { Engine } from '../../electron/core/engine/types';
import type { AppState } from '../../electron/shared/view-state';
import type { EngineChannel } from '../../electron/shared/ipc-contract';
import { createHarness, seedSettings, type Harness } from '../core/support/engine-harness';
import { ME, seedOf } from '../core/support/seeds';

export type WriteWorld = 'fresh' | 'saved' | 'unreadable';
export const WRITE_WORLDS: readonly WriteWorld[] = ['fresh', 'saved', 'unreadable'];

export interface WriteAnswer {
  world: WriteWorld;
  /** The channel and the case ("take over, changed since seen"). */
  kind: string;
  /** The error kind, or the outcome's status. */
  outcome: string;
  text: string;
}

/** Wed 25 Mar 2026, 11:00 in Berlin. Daily hand-offs at 08:00 UTC: Bob today, Carol tomorrow, me on Friday. */
export const WRITES_START = Date.parse('2026-03-25T10:00:00Z');
/** The harness's engines read the tray in Berlin. */
export const WRITES_ZONE = 'Europe/Berlin';
const SOLO = 'sch_solo';
const TODAY_END = '2026-03-26T08:00:00Z';
const at = (h: number) => new Date(WRITES_START + h * 3_600_000).toISOString();

async function started(world: WriteWorld): Promise<{ h: Harness; engine: Engine }> {
  const seed = seedOf([
    {
      id: SOLO,
      name: 'Solo',
      zone: 'Europe/Berlin',
      rotationStart: '2026-03-20T08:00:00Z',
      length: { amount: 1, unit: 'days' },
      userIds: ['usr_alice', 'usr_bob', 'usr_carol', 'usr_me'],
    },
  ]);
  const h = await createHarness({ startMs: WRITES_START, seed });
  await seedSettings(h, { email: ME, scheduleIds: [SOLO] });
  const engine = h.engine();
  await engine.start();
  await h.clock.advance(1_000);
  if (world === 'saved') h.sim.faults.set('*', { status: 500 });
  if (world === 'unreadable') h.sim.faults.set('listShifts', { status: 500 });
  return { h, engine };
}

/** Every sentence of an answer: an error's message, an outcome's message and text, each item's (recursively). */
function sentences(value: unknown): string[] {
  // A text answered whole (the ask-for-cover message).
  if (
    value &&
    typeof value === 'object' &&
    'ok' in value &&
    value.ok &&
    'value' in value &&
    typeof value.value === 'string'
  )
    return [value.value];
  if (Array.isArray(value)) return value.flatMap(sentences);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, v]) =>
    (key === 'message' || key === 'text') && typeof v === 'string' && v !== '' ? [v] : sentences(v),
  );
}

type Ask = readonly [kind: string, run: (engine: Engine) => Promise<unknown>];
const handler = <C extends EngineChannel>(engine: Engine, channel: C) => engine.handlers[channel];

/** The writes asked in each world, in order (a take-over before its hand backs). */
const ASKS: readonly Ask[] = [
  ['refresh now', (e) => handler(e, 'sync:refresh')(null)],
  [
    'take over, changed since seen',
    (e) => handler(e, 'take-over:now')({ scheduleId: SOLO, seen: { onCall: ['carol@example.com'], until: TODAY_END } }),
  ],
  [
    'override, changed since the preview',
    (e) =>
      handler(
        e,
        'override:create',
      )({
        scheduleId: SOLO,
        window: { kind: 'custom', start: at(2), end: at(4) },
        emails: ['alice@example.com'],
        replaces: ['carol@example.com'],
      }),
  ],
  [
    'override, rest of the shift moved since the preview',
    (e) =>
      handler(
        e,
        'override:create',
      )({
        scheduleId: SOLO,
        window: { kind: 'rest_of_current' },
        emails: ['alice@example.com'],
        replaces: ['bob@example.com'],
        previewed: { start: at(0), end: at(3) },
      }),
  ],
  [
    'override from a plan, changed since planned',
    (e) =>
      handler(
        e,
        'override:create',
      )({
        scheduleId: SOLO,
        window: { kind: 'custom', start: at(5), end: at(6) },
        emails: ['alice@example.com'],
        planned: { from: 'carol@example.com', to: 'alice@example.com', others: [] },
      }),
  ],
  ['take over', (e) => handler(e, 'take-over:now')({ scheduleId: SOLO })],
  [
    'hand back, changed since the offer',
    (e) => handler(e, 'take-over:hand-back')({ scheduleId: SOLO, seen: { to: ['alice@example.com'], until: at(30) } }),
  ],
  ['hand back', (e) => handler(e, 'take-over:hand-back')({ scheduleId: SOLO })],
  [
    'ask for cover',
    (e) =>
      handler(e, 'cover:ask-text')({ range: { from: '2026-03-27', to: '2026-03-27' }, reason: 'A doctor’s visit' }),
  ],
  ['away plan', (e) => handler(e, 'handoff:plan')({ range: { from: '2026-03-27', to: '2026-03-27' } })],
  [
    'away hand-off',
    (e) =>
      handler(
        e,
        'handoff:create',
      )({
        items: [
          { scheduleId: SOLO, start: '2026-03-27T08:00:00Z', end: '2026-03-28T08:00:00Z', email: 'alice@example.com' },
        ],
      }),
  ],
];

const outcomeOf = (r: unknown): string => {
  if (r === null || typeof r !== 'object') return '?';
  if ('ok' in r && r.ok === false && 'error' in r && r.error && typeof r.error === 'object' && 'kind' in r.error)
    return String(r.error.kind);
  const v = 'value' in r ? r.value : undefined;
  return v && typeof v === 'object' && 'status' in v ? String(v.status) : 'ok';
};

/** The engine's answer to every write asked, in one world (a fresh engine and simulator each). */
export async function writeAnswers(world: WriteWorld): Promise<{ state: AppState; answers: WriteAnswer[] }> {
  const { h, engine } = await started(world);
  try {
    const out: WriteAnswer[] = [];
    for (const [kind, run] of ASKS) {
      const r = await h.clock.runWhileAdvancing(run(engine));
      for (const text of sentences(r)) out.push({ world, kind, outcome: outcomeOf(r), text });
    }
    return { state: engine.getState(), answers: out };
  } finally {
    await h.close();
  }
}
