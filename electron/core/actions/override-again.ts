// "Create again" after "most likely not saved". A service that applies writes slowly may save the first attempt
// after the app's check gave up on it; sending the same override again would then make two. So a create whose
// key (override.ts: sameCreateKey) had such an attempt first looks at the schedule over that attempt's window:
// shown in place, it was saved after all and nothing is sent; still not shown after another grace, it is sent;
// not readable, it is not sent (it may be there) and the doubt stays for the next try.
import type { OncallClient } from '../../api/client-types';
import type { OverrideOutcome } from '../../shared/ipc-contract';
import type { Clock } from '../ports';
import type { CreatedOverride } from '../model/snapshot';

/** What a create is for, kept with its record: a take-over remembers whom it replaced, for "Hand back". */
export type CreateNote = Required<Pick<CreatedOverride, 'kind'>> &
  Pick<CreatedOverride, 'replaced' | 'kept' | 'offUntil'>;
import { lookWithGrace } from './override-verify';
import type { PlannedOverride } from './override-window';

/** Long past any service's slowness: a create of the same window after this is a new wish, sent as usual. */
const DOUBT_KEEP_MS = 30 * 60_000;

/** An attempt that may have been saved without the app seeing it. */
export interface Doubt {
  plan: PlannedOverride;
  note?: CreateNote;
  atMs: number;
}

const SAVED_AFTER_ALL =
  'It was saved after all: the schedule now shows the override (the service was slow to apply it). It was not sent again.';
const STILL_UNKNOWN =
  'The schedule could not be read just now, so it was not sent again: the first attempt may have been saved after all. Do not create it again: look at the schedule to see whether it was saved.';

export interface Doubts {
  remember(key: string, doubt: Doubt): void;
  /** Whether a create of this key follows an attempt that may have been saved (that write did leave the app). */
  has(key: string): boolean;
  /**
   * For a create about to be sent: undefined to send it (no doubt, or the earlier attempt is still not shown);
   * otherwise the answer to give instead of sending, with the doubt it settles (or keeps, when unreadable).
   */
  lookFirst(key: string, client: OncallClient): Promise<{ outcome: OverrideOutcome; doubt: Doubt } | undefined>;
}

export function createDoubts(clock: Clock, graceMs: () => number): Doubts {
  const doubts = new Map<string, Doubt>();
  return {
    remember: (key, doubt) => void doubts.set(key, doubt),
    has: (key) => doubts.has(key),
    async lookFirst(key, client) {
      const doubt = doubts.get(key);
      if (!doubt) return undefined;
      if (clock.now() - doubt.atMs > DOUBT_KEEP_MS) return void doubts.delete(key);
      const seen = await lookWithGrace(client, doubt.plan, clock, graceMs());
      if (seen === undefined) return { outcome: { status: 'unknown', message: STILL_UNKNOWN }, doubt };
      doubts.delete(key);
      return seen === 'covered'
        ? { outcome: { status: 'created_unconfirmed', message: SAVED_AFTER_ALL }, doubt }
        : undefined;
    },
  };
}
