// Issue 47: the people picker ("who could cover", core/state/candidates.ts) over the registry, in the generated worlds
// of 2–3 accounts (some with a hole in a read). Each account's picker for its first schedule over the slot
// [now + 12 h, now + 24 h), as the engine asks it (its own read and every other account's). The oracle is the world:
// who is on call in that slot on each schedule, which accounts' reads failed (saved data from 10:00 Berlin), and which
// schedules couldn't read it. For every person offered:
//   - on call here or on another schedule: said so, each schedule named as the picker names it (with its account
//     when another), marked "(saved data from 10:00)" exactly where its account's read failed;
//   - on call nowhere known: "not known whether free on …" naming each schedule that couldn't read the slot, else
//     "free per saved data from 10:00" where any account's read failed, else nothing of saved data.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { serviceSettings } from '../../../electron/shared/settings';
import { everyText } from '../../support/text-registry';
import type { AccountPicker } from '../../support/text-registry-picker';
import {
  accountOf,
  combined,
  HOUR,
  NOW,
  PROPERTY_TIMEOUT_MS,
  settingsOf,
  snapshotFor,
  ZONE,
} from '../state/support/accounts-world';
import type { AccountWorld } from '../state/support/accounts-world';
import { alice, bob } from '../support/fixtures';
import { failed, localTime, worldsArb } from './world-run';

const NUM_RUNS = Number(process.env['FC_RUNS'] ?? 15);
/** The slot asked about: [now + 12 h, now + 24 h). */
const SLOT = 2;
const NAMES = ['Platform', 'Payments'] as const;

interface Seen {
  name: string;
  saved: boolean;
  /** Who is on call in the slot (0 me, 1 Alice, 2 Bob), or null where the read has a hole there. */
  who: number | null;
}

/** The accounts checked (all, or `only`), each with its world and index; a half-added one watches nothing. */
function accountsIn(world: readonly AccountWorld[], only?: number) {
  return world
    .map((w, i) => ({ w, i, account: accountOf(i, w) }))
    .filter((a) => (only === undefined || a.i === only) && a.w.condition !== 'half');
}

function pickersOf(world: readonly AccountWorld[], only?: number): AccountPicker[] {
  const settings = settingsOf(world, only);
  const accounts = accountsIn(world, only);
  return accounts.map(({ w, account }) => ({
    accountId: account.id,
    input: {
      snapshot: snapshotFor(w),
      otherAccounts: accounts
        .filter((o) => o.account.id !== account.id)
        .map((o) => ({
          label: o.account.label,
          snapshot: snapshotFor(o.w),
          settings: serviceSettings(settings, o.account),
        })),
      settings: serviceSettings(settings, account),
      scheduleId: 'sch_a',
      window: { startMs: NOW + (SLOT - 1) * 12 * HOUR, endMs: NOW + SLOT * 12 * HOUR },
      nowMs: NOW,
      localZone: ZONE,
    },
  }));
}

/** Every schedule as the picker of account `here` sees it over the slot, its own first. */
function seenFrom(world: readonly AccountWorld[], here: number, only?: number): Seen[] {
  const accounts = accountsIn(world, only);
  const own = accounts.filter((a) => a.i === here);
  return [...own, ...accounts.filter((a) => a.i !== here)].flatMap(({ w, i, account }) =>
    w.slots.map((slots, k) => ({
      name: i === here ? (NAMES[k] ?? '') : `${account.label} · ${NAMES[k] ?? ''}`,
      saved: failed(w),
      who: w.hole?.schedule === k && w.hole.slot === SLOT ? null : (slots[SLOT] ?? null),
    })),
  );
}

/** The mark after a schedule's name: " (saved data from 10:00)" exactly where its account's read failed. */
const mark = (x: Seen): string => (x.saved ? ' \\(saved data from 10:00\\)' : '(?! \\(saved)');

function checkPickers(world: readonly AccountWorld[], only?: number): void {
  const state = combined(world, only, true);
  const said = everyText({ state, nowMs: NOW, localZone: ZONE, pickers: pickersOf(world, only) });
  const anySaved = accountsIn(world, only).some((a) => failed(a.w));
  for (const s of said.filter((x) => x.surface === 'picker')) {
    const i = world.findIndex((w, k) => accountOf(k, w).id === s.accountId);
    const person = s.kind?.endsWith(alice.email) ? 1 : s.kind?.endsWith(bob.email) ? 2 : -1;
    const where = `picker of ${s.accountId} (${world[i]?.condition ?? '?'}): ${s.text}`;
    expect(person, where).toBeGreaterThan(0);
    const seen = seenFrom(world, i, only);
    const on = seen.filter((x) => x.who === person);
    for (const [k, x] of on.entries()) {
      const said = k === 0 && x === seen[0] ? `on call here then${mark(x)}` : `${x.name}${mark(x)}`;
      expect(s.text, `${where} — on call on ${x.name}`).toMatch(new RegExp(said));
    }
    const unread = seen.filter((x) => x.who === null).map((x) => x.name);
    if (on.length > 0) expect(s.text, `${where} — not free`).not.toMatch(/free per/);
    else if (unread.length > 0)
      expect(s.text, `${where} — not known`).toContain(`not known whether free on ${unread.join(', ')}`);
    else if (anySaved) expect(s.text, `${where} — free per saved data`).toContain('free per saved data from 10:00');
    else expect(s.text, `${where} — free, fresh`).not.toMatch(/saved data|not known|whether free/);
    if (!anySaved) expect(s.text, `${where} — fresh`).not.toMatch(/saved data/);
  }
}

describe('issue 47: the people picker over the registry', () => {
  it(
    'says who is on call where, and what free rests on, in generated worlds of 2–3 accounts and each alone',
    () => {
      expect(localTime(NOW - 3 * HOUR)).toBe('10:00');
      fc.assert(
        fc.property(worldsArb, (world) => {
          checkPickers(world);
          world.forEach((_, i) => checkPickers(world, i));
        }),
        { numRuns: NUM_RUNS, seed: Number(process.env['FC_SEED'] ?? 47) },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});
