// Whether a schedule, read now from its service, shows exactly the covering people over a window: how a hand-off
// write that may have landed (its answer lost, a 5xx, the app stopped while sending) is checked before anything
// is sent again. Read twice with a grace between when not shown, for a service that applies writes slowly.
import type { OncallClient } from '../../api/client-types';
import type { Clock } from '../ports';
import { toWireInstant } from '../sync/plan';
import { windowCoveredBy } from '../actions/window-coverage';
import type { Held } from './held';
import { readWindowShifts } from '../actions/window-read';

export type Look = 'covered' | 'not_covered' | undefined;

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

/** Who is on call over [startMs, endMs) as the service holds it now, gaps as nobody (lower-cased), with the names
 *  the service gives them; undefined when the window can't be read whole (a shift that can't be read, or more than
 *  the read holds). */
export async function readHeld(
  client: OncallClient,
  scheduleId: string,
  startMs: number,
  endMs: number,
): Promise<Held[] | undefined> {
  // A hole (a shift that couldn't be read) could hold anyone: the window tells nothing.
  const shifts = await readWindowShifts(client, scheduleId, startMs, endMs);
  if (shifts === undefined) return undefined;
  const cuts = new Set([startMs, endMs]);
  for (const s of shifts)
    for (const t of [Date.parse(s.start), Date.parse(s.end)]) if (t > startMs && t < endMs) cuts.add(t);
  const times = [...cuts].sort((a, b) => a - b);
  const names: Record<string, string> = {};
  for (const s of shifts) for (const u of s.users) if (u.name.trim() !== '') names[u.email.toLowerCase()] = u.name;
  return times.slice(0, -1).map((a, i) => {
    const b = times[i + 1] ?? endMs;
    const on = shifts.filter((s) => Date.parse(s.start) < b && Date.parse(s.end) > a);
    const emails = [...new Set(on.flatMap((s) => s.users.map((u) => u.email.toLowerCase())))];
    return { startMs: a, endMs: b, emails, names };
  });
}
