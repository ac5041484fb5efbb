// What a write's own window held just before it was sent: who was on call at every instant of it. After an error
// answer (a 5xx) the schedule does not show the write, and its revision moved, only a change IN THIS WINDOW can mean
// it landed and was changed over; a manager's edit on another day moves the revision too and is no reason to hold the
// write back (adv48 r25 #1). Kept with the write's record (lost-answers.json), so a restart keeps the comparison.
import { z } from 'zod';
import type { OncallClient } from '../../api/client-types';
import type { Shift } from '../../api/schemas';
import { heldOf, readHeld } from './window-read';
import { isUnread } from './unread-words';
import type { PlannedOverride } from './override-window';

/** The most stretches kept: a longer window (years of daily shifts) keeps none and falls back to the coarser check. */
const MAX_LINES = 200;

export const HeldLineSchema = z.object({
  startMs: z.number().int(),
  endMs: z.number().int(),
  emails: z.array(z.string().max(320)).max(100),
});
/** One stretch of the window: who was on call (lower-cased, sorted; [] nobody). */
export type HeldLine = z.infer<typeof HeldLineSchema>;
export const HeldLinesSchema = z.array(HeldLineSchema).max(MAX_LINES);

/** The window as the service holds it now, stretches of the same people joined; undefined when not read whole. */
export async function readHeldLines(
  client: OncallClient,
  plan: PlannedOverride,
  reads?: ReadLog,
): Promise<HeldLine[] | undefined> {
  const seen = reads?.over(plan.scheduleId, plan.startMs, plan.endMs);
  const held = seen
    ? heldOf(seen, plan.startMs, plan.endMs)
    : await readHeld(client, plan.scheduleId, plan.startMs, plan.endMs);
  if (isUnread(held)) return undefined;
  const out: HeldLine[] = [];
  for (const h of held) {
    const emails = [...new Set(h.emails)].sort();
    const last = out.at(-1);
    if (last && last.endMs === h.startMs && last.emails.join() === emails.join()) last.endMs = h.endMs;
    else out.push({ startMs: h.startMs, endMs: h.endMs, emails });
  }
  return out.length <= MAX_LINES ? out : undefined;
}

const sameLines = (a: readonly HeldLine[], b: readonly HeldLine[]): boolean =>
  a.length === b.length &&
  a.every((x, i) => {
    const y = b[i];
    return y !== undefined && x.startMs === y.startMs && x.endMs === y.endMs && x.emails.join() === y.emails.join();
  });

/** The window holds now exactly what it held just before the write: the same people at every instant of it (so the
 *  write is not there, nor anything over it). false when it can't be read whole (it may hold anything). */
export async function windowUnchanged(
  client: OncallClient,
  plan: PlannedOverride,
  before: readonly HeldLine[],
): Promise<boolean> {
  const now = await readHeldLines(client, plan);
  return now !== undefined && sameLines(now, before);
}

/** The shift reads a create made before its POST (its checks read the window, some with a margin): the window as held
 *  just before the write is taken from them, not read once more (a read budget per create; slow-apply.test.ts). */
export interface ReadLog {
  client: OncallClient;
  /** Shifts of one read, whole and without holes, that spans [startMs, endMs) on this schedule; the last such. */
  over(scheduleId: string, startMs: number, endMs: number): Shift[] | undefined;
}

export function logReads(client: OncallClient): ReadLog {
  const reads: Array<{ scheduleId: string; fromMs: number; toMs: number; shifts: Shift[] }> = [];
  const listAllShifts: OncallClient['listAllShifts'] = async (scheduleId, params, maxPages, onPage) => {
    const got = await client.listAllShifts(scheduleId, params, maxPages, onPage);
    const [fromMs, toMs] = [Date.parse(params.from ?? ''), Date.parse(params.to ?? '')];
    if (got.ok && got.value.holes.length === 0 && params.clip_to_interval === true)
      reads.push({ scheduleId, fromMs, toMs, shifts: got.value.shifts });
    return got;
  };
  const wrapped = new Proxy(client, {
    get: (target, name): unknown => {
      if (name === 'listAllShifts') return listAllShifts;
      const v: unknown = Reflect.get(target, name);
      if (typeof v !== 'function') return v;
      return (...args: unknown[]): unknown => {
        const out: unknown = Reflect.apply(v, target, args);
        return out;
      };
    },
  });
  return {
    client: wrapped,
    over: (id, startMs, endMs) =>
      reads.findLast((r) => r.scheduleId === id && r.fromMs <= startMs && endMs <= r.toMs)?.shifts,
  };
}
