// Issue 49 (with 47): "Asks you" is one count with its basis on every surface, over generated worlds. Each of 1–3
// accounts is read fresh, saved (read 3 h ago, unreachable since) or unknown (its list never read, nothing saved), with
// 0–5 requests asking me. The real deriveState and combineStates make the state; the expected total, each saved
// account's part with its time, and the accounts said as unknown are worked out here from the world alone.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { combineStates } from '../../../electron/core/state/combine';
import { deriveState } from '../../../electron/core/state/derive';
import { withAsksWords } from '../../../electron/core/state/asks-words';
import { accountIdOf } from '../../../electron/shared/accounts';
import { formatDayTime } from '../../../electron/shared/format';
import { defaultSettings, serviceSettings, type Account } from '../../../electron/shared/settings';
import { alice, coverage, details, me, scheduleSnap, shift, snapshotOf, SETUP_OK } from '../support/fixtures';
import { everyText } from '../../support/text-registry';
import { coverageBadge } from '../../../renderer/src/lib/status-model';
import { HOUR, iso, NOW, NUM_RUNS, PROPERTY_TIMEOUT_MS, ZONE } from '../state/support/accounts-world';

type Read = 'fresh' | 'saved' | 'unknown';
interface World {
  read: Read;
  asks: number;
}
const LABELS = ['Work', 'Acme', 'Globex'];
const SAVED_AT = NOW - 3 * HOUR;
const worldArb = fc.array(
  fc.record({ read: fc.constantFrom<Read>('fresh', 'saved', 'unknown'), asks: fc.integer({ min: 0, max: 5 }) }),
  { minLength: 1, maxLength: 3 },
);

function accountOf(i: number): Account {
  const id = (LABELS[i] ?? 'x').toLowerCase();
  return {
    id: accountIdOf(id),
    label: LABELS[i] ?? id,
    baseUrl: `https://${id}.example.com`,
    email: me.email,
    schedules: [{ id: 'sch_a' }],
  };
}

/** Alice on call for the two days read; she asks me to cover a 6 h block of it, once per request. */
function snapshotFor(w: World) {
  const readAt = iso(w.read === 'saved' ? SAVED_AT : NOW - 60_000);
  const problem = w.read === 'fresh' ? null : { kind: 'network' as const, message: 'Failed.', at: iso(NOW - 60_000) };
  const schedule = scheduleSnap('sch_a', [shift(iso(NOW - 12 * HOUR), iso(NOW + 36 * HOUR), alice)], {
    details: details('Platform', 'Europe/Berlin', [me, alice]),
    detailsFetchedAt: readAt,
    shiftsFetchedAt: readAt,
    problem: w.read === 'saved' ? problem : null,
  });
  const requests = Array.from({ length: w.asks }, (_, k) =>
    coverage(`cov_${k}`, alice, [
      { start: iso(NOW + (2 + 5 * k) * HOUR), end: iso(NOW + (6 + 5 * k) * HOUR), scheduleId: 'sch_a' },
    ]),
  );
  return snapshotOf([schedule], {
    coverageRequests: w.read === 'unknown' ? [] : requests,
    coverageFetchedAt: w.read === 'unknown' ? null : readAt,
    coverageProblem: problem,
  });
}

function stateOf(world: readonly World[]) {
  const accounts = world.map((_, i) => accountOf(i));
  const settings = { ...defaultSettings(), accounts };
  const pairs = world.map((w, i) => {
    const account = accounts[i] ?? accountOf(i);
    const state = deriveState({
      snapshot: snapshotFor(w),
      settings: serviceSettings(settings, account),
      setup: SETUP_OK,
      syncing: false,
      notices: [],
      nowMs: NOW,
      localZone: ZONE,
    });
    return { account, state };
  });
  // Combined and worded as the engine does (core/engine/combined-derivation.ts): the popover shows main's words.
  return withAsksWords(combineStates(pairs, settings, []), NOW, ZONE);
}

/** Every "Asks you (…)" / "asking you (…)" a text gives: its number and what its parentheses say after it. */
const counts = (text: string) =>
  [...text.matchAll(/(?:Asks you|asking you) \((\d+)([^)\n]*)\)/gi)].map((m) => ({
    n: Number(m[1]),
    inside: m[2] ?? '',
  }));

describe('issue 49: one "Asks you" total, its saved parts scoped to their accounts, in every generated world', () => {
  it(
    "every surface gives the same total; a saved time only on its account's part; an unknown list is unknown",
    () => {
      fc.assert(
        fc.property(worldArb, (world) => {
          const state = stateOf(world);
          const several = world.length > 1;
          const total = world.reduce((sum, w) => sum + (w.read === 'unknown' ? 0 : w.asks), 0);
          const savedTime = `saved data from ${formatDayTime(iso(SAVED_AT), { nowMs: NOW, localZone: ZONE })}`;
          // The world is built as meant: each request of an account with a list asks me.
          expect(state.coverage.askingMe).toHaveLength(total);
          const texts = everyText({ state, nowMs: NOW, localZone: ZONE });
          const whole = new Map(texts.filter((t) => t.accountId === null).map((t) => [t.surface, t.text]));
          for (const t of texts) for (const c of counts(t.text)) expect(c.n, `${t.surface}: ${t.text}`).toBe(total);
          if (total === 0) return;
          for (const surface of ['tray-tooltip', 'tray-menu', 'popover', 'status'] as const) {
            const found = counts(whole.get(surface) ?? '');
            expect(found.length, `${surface}: ${whole.get(surface)}`).toBeGreaterThan(0);
            for (const c of found) {
              world.forEach((w, i) => {
                const label = LABELS[i] ?? '';
                if (w.read === 'saved' && several)
                  expect(c.inside, surface).toContain(`${label}'s ${w.asks} from ${savedTime}`);
                if (w.read === 'unknown' && several) expect(c.inside, surface).toContain(`${label}'s list unknown`);
              });
              if (!several && world[0]?.read === 'saved') expect(c.inside, surface).toBe(`, from ${savedTime}`);
              if (world.every((w) => w.read === 'fresh')) expect(c.inside, surface).toBe('');
              // A saved time is said only beside the account it is of.
              if (several && c.inside.includes(savedTime))
                for (const part of c.inside.split('; ').filter((p) => p.includes(savedTime)))
                  expect(world[LABELS.findIndex((l) => part.startsWith(`${l}'s `))]?.read, part).toBe('saved');
            }
          }
          const unknown = world.some((w) => w.read === 'unknown');
          const saved = world.some((w) => w.read === 'saved' && w.asks > 0);
          expect(coverageBadge(state)).toBe(`${total}${unknown ? '?' : saved ? '*' : ''}`);
        }),
        { numRuns: NUM_RUNS },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});
