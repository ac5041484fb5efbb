// The oracle of my on-call time for the registry property (issue 47), computed from the generated world alone, apart
// from the code under test: which account's read each account's schedules are told from, my continuous on-call run
// now and next (my slots across every told schedule of every account; back-to-back slots join), and whether its end
// is known: a run reaching the end of what was read, or whose end touches a slot a schedule couldn't read (a hole),
// ends "until at least …, then unknown"; else it ends plainly.
import fc from 'fast-check';
import {
  accountOf,
  HOUR,
  NOW,
  settingsOf,
  wholeDuplicate,
  worldArb,
  ZONE,
  type AccountWorld,
} from '../state/support/accounts-world';

const SLOT = 12 * HOUR;

/** The worlds, some accounts with a slot of one schedule the service sent unreadable (a hole in the read). */
const holeArb = fc.option(fc.record({ schedule: fc.constantFrom<0 | 1>(0, 1), slot: fc.integer({ min: 0, max: 3 }) }));
export const worldsArb = worldArb.chain((world) =>
  fc.tuple(...world.map(() => holeArb)).map((holes) => world.map((w, i) => (holes[i] ? { ...w, hole: holes[i] } : w))),
);
/** The world's slots: [now − 12 h, now), [now, now + 12 h), …; the read ends with the last. */
const LAST = 3;

export const failed = (w: AccountWorld): boolean => w.condition === 'down' || w.condition === 'wait';

/** Whether account i's schedules are read well by another account of the same service in the world (or in the
 *  part of it checked): the first account's, when a 'twice' account (the same address and e-mail, healthy) is
 *  there. Then what is said of them is fresh, whatever account i's own read did (issue 47, round 1). */
export function freshElsewhere(world: readonly AccountWorld[], i: number, only?: number): boolean {
  if (only !== undefined) return false;
  const w = world[i];
  if (!w || w.condition === 'half') return false;
  const address = accountOf(i, w).baseUrl;
  return world.some((x, j) => j !== i && x.condition === 'twice' && accountOf(j, x).baseUrl === address);
}

/** The world whose read account i's statements are told from: the same service's healthy account where i's own
 *  read failed or its key was rejected (a better read), else its own. */
export function toldFrom(world: readonly AccountWorld[], i: number, only?: number): AccountWorld | undefined {
  const w = world[i];
  if (!w || !(failed(w) || w.condition === 'rejected') || !freshElsewhere(world, i, only)) return w;
  return world.find((x, j) => j !== i && x.condition === 'twice') ?? w;
}

/** Account i's statements rest on saved data: its read failed and no account of its service reads them well. */
export const savedFor = (world: readonly AccountWorld[], i: number, only?: number): boolean => {
  const w = world[i];
  return !!w && failed(w) && !freshElsewhere(world, i, only);
};

interface ToldSchedule {
  slots: readonly number[];
  /** Its account's statements rest on saved data. */
  saved: boolean;
  /** The slot the service sent unreadable, or -1. */
  hole: number;
  /** Its account's label (what a statement of it names). */
  label: string;
}

/** Every schedule told in the world (or account `only` alone): each account's two as its told read has them; an
 *  account with none watched adds none, and one whose schedules an earlier account of its service watches adds only
 *  its holes (its shifts are told once, as the earlier one's; its card still shows what its read couldn't read). */
function toldSchedules(world: readonly AccountWorld[], only?: number): ToldSchedule[] {
  const accounts = settingsOf(world, only).accounts;
  return world.flatMap((w, i) => {
    const id = accountOf(i, w).id;
    if (!accounts.some((a) => a.id === id) || w.condition === 'half') return [];
    const dup = wholeDuplicate(accounts, id);
    const told = dup ? w : (toldFrom(world, i, only) ?? w);
    return told.slots.map((slots, k) => ({
      slots: dup ? [] : slots,
      saved: savedFor(world, i, only),
      hole: told.hole?.schedule === k ? told.hole.slot : -1,
      label: accountOf(i, w).label,
    }));
  });
}

export interface ExpectedRun {
  endMs: number;
  /** The read doesn't say when it ends: "until at least `endMs`, then unknown". */
  endUnknown: boolean;
  /** Some of it is mine only by saved data (an account whose read failed): said so. */
  saved?: boolean;
  /** Some block of it rests on saved data, though fresh data has me then too: may be said so. */
  savedAny?: boolean;
  /** The accounts I am on call for in each of its slots, in order. */
  accounts?: string[][];
}

/** My run now (I am on call in the slot holding now) and my next run (the first slot after now I am on call in,
 *  when I am not on call now), each with its end as the world has it; and whether my now is unknown (on call in no
 *  slot read, and some told schedule's slot over now is a hole). */
export function expectedRuns(
  world: readonly AccountWorld[],
  only?: number,
): { now: ExpectedRun | null; next: ExpectedRun | null; nowUnknown: boolean } {
  const told = toldSchedules(world, only);
  const mine = (k: number): boolean => told.some((s) => s.slots[k] === 0 && s.hole !== k);
  const unreadable = (k: number): boolean => told.some((s) => s.hole === k);
  const runFrom = (first: number): ExpectedRun => {
    let k = first;
    while (k < LAST && mine(k + 1)) k += 1;
    const slots = Array.from({ length: k - first + 1 }, (_, n) => first + n);
    const mineIn = (s: ToldSchedule, j: number): boolean => s.slots[j] === 0 && s.hole !== j;
    const savedAny = told.some((s) => s.saved && slots.some((j) => mineIn(s, j)));
    const saved = slots.some((j) => !told.some((s) => !s.saved && mineIn(s, j)));
    const accounts = slots.map((j) => [...new Set(told.filter((s) => mineIn(s, j)).map((s) => s.label))]);
    return { endMs: NOW + k * SLOT, endUnknown: k === LAST || unreadable(k + 1), saved, savedAny, accounts };
  };
  if (mine(1)) return { now: runFrom(1), next: null, nowUnknown: false };
  const first = [2, 3].find(mine);
  // Not on call by anything read, and a told schedule couldn't read the slot holding now: whether I am is unknown.
  return { now: null, next: first === undefined ? null : runFrom(first), nowUnknown: unreadable(1) };
}

/** A block of mine on one schedule of a told read, ending at `end`: its end is unknown where it reaches the end of
 *  the read or the slot after it is a hole in its own schedule. */
export function blockEndUnknown(told: AccountWorld, scheduleId: string, end: string): boolean {
  const k = scheduleId.endsWith('sch_b') ? 1 : 0;
  const after = Math.round((Date.parse(end) - NOW) / SLOT) + 1;
  return after > LAST || (told.hole?.schedule === k && told.hole.slot === after);
}

/** "01:00": an instant's local time of day, worded by Intl alone (the oracle's, not the product's formatter). */
export const localTime = (ms: number): string =>
  new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: ZONE }).format(
    new Date(ms),
  );

/** Why `text` doesn't say the end as the world has it, or null: an end the read doesn't cover is "until at least …,
 *  then unknown", any length then only "at least …"; a known end is said plainly. Either way at its local time. */
export function endProblem(text: string, end: ExpectedRun): string | null {
  const at = localTime(end.endMs);
  if (end.endUnknown) {
    if (!new RegExp(`until at least [^;]*?${at}.*then unknown`).test(text)) return `end unknown, at least ${at}`;
    const lengths = text.replace(/\(in [^)]*\)/g, '').match(/(?:at least )?\b\d+ (?:d|h|min)(?: \d+ (?:h|min))*/g);
    const known = (lengths ?? []).find((l) => !l.startsWith('at least '));
    return known === undefined ? null : `no length as known: ${known}`;
  }
  if (/at least/.test(text)) return `end known (${at})`;
  return new RegExp(`(?:until|–) ?[^;]*?${at}`).test(text) ? null : `ends ${at}`;
}
