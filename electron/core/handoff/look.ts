// Whether a schedule, read now from its service, shows exactly the covering people over a window: how a hand-off
// write that may have landed (its answer lost, a 5xx, the app stopped while sending) is checked before anything
// is sent again. Read twice with a grace between when not shown, for a service that applies writes slowly.
import type { OncallClient } from '../../api/client-types';
import type { Clock } from '../ports';
import { toWireInstant } from '../sync/plan';
import { windowCoveredBy } from '../actions/window-coverage';

/** hidden: the schedule doesn't show it, but the service holds the app's own override of exactly this window with
 *  these people (fetched by the id its answer gave): it landed, and a later change covers it now. */
export type Look = 'covered' | 'not_covered' | 'hidden' | undefined;

async function lookOnce(client: OncallClient, scheduleId: string, startMs: number, endMs: number, emails: string[]) {
  const result = await client.listShifts(scheduleId, {
    from: toWireInstant(startMs),
    to: toWireInstant(endMs),
    clip_to_interval: true,
    per_page: 100,
  });
  if (!result.ok) return undefined;
  // A shift in the window that can't be read could be the override or not: the look tells nothing.
  const shifts = result.value.shifts.flatMap((e) => (e.ok ? [e.shift] : []));
  if (shifts.length < result.value.shifts.length) return undefined;
  return windowCoveredBy(shifts, startMs, endMs, emails) ? 'covered' : 'not_covered';
}

export async function lookCovered(
  client: OncallClient,
  clock: Clock,
  graceMs: number,
  w: { scheduleId: string; startMs: number; endMs: number; emails: string[] },
): Promise<Look> {
  const first = await lookOnce(client, w.scheduleId, w.startMs, w.endMs, w.emails);
  if (first !== 'not_covered') return first;
  await new Promise<void>((resolve) => clock.setTimer(graceMs, resolve));
  return lookOnce(client, w.scheduleId, w.startMs, w.endMs, w.emails);
}

/** Whether the service shows the override a hand-off recorded as made, exactly as it made it (its window and its
 *  people): 'gone' when the service says it has no such override, or shows it changed; undefined when unread. */
export type Made = 'shown' | 'gone' | undefined;

export async function madeShown(
  client: OncallClient,
  w: { scheduleId: string; overrideId: string; startMs: number; endMs: number; emails: string[] },
): Promise<Made> {
  const read = await client.getOverride(w.scheduleId, w.overrideId);
  if (!read.ok) return read.error.kind === 'not_found' || read.error.kind === 'forbidden' ? 'gone' : undefined;
  const o = read.value;
  const emails = new Set(o.users.map((u) => u.email.toLowerCase()));
  const same =
    Date.parse(o.start) === w.startMs &&
    Date.parse(o.end) === w.endMs &&
    emails.size === new Set(w.emails).size &&
    w.emails.every((e) => emails.has(e));
  return same ? 'shown' : 'gone';
}

export { readHeld } from '../actions/window-read';

const people = (emails: readonly string[]): string => [...new Set(emails.map((e) => e.toLowerCase()))].sort().join();

/** Not shown in the window: is one of the app's own overrides of exactly it (its id known) still held, with these
 *  people? Then it landed and a later change hides it ('hidden'); else it stays not covered (unread: unknown). */
export async function lookOwn(
  client: OncallClient,
  own: readonly { id: string; scheduleId: string; start: string; end: string }[],
  w: { scheduleId: string; startMs: number; endMs: number; emails: string[] },
): Promise<Look> {
  const same = own.filter(
    (c) =>
      c.id !== '' &&
      c.scheduleId === w.scheduleId &&
      Date.parse(c.start) === w.startMs &&
      Date.parse(c.end) === w.endMs,
  );
  for (const c of same) {
    const read = await client.getOverride(w.scheduleId, c.id);
    if (!read.ok && read.error.kind !== 'not_found') return undefined;
    if (read.ok && people(read.value.users.map((u) => u.email)) === people(w.emails)) return 'hidden';
  }
  return 'not_covered';
}
