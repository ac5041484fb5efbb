// Who covers time I lost, as a change or correction states it: by name (worded) and by user id (what a held statement
// is checked by when shown: a person renamed at the service meanwhile is the same person; held-read, adv47 r24 #1).
import type { Segment } from '../model/segments';

export interface Covering {
  coverers: string[];
  covererIds: string[];
}

/** Who is on call (other than me) during any of the spans, in the new data: the people a lost shift went to. */
export function coveringOf(
  segments: readonly Segment[],
  spans: readonly { startMs: number; endMs: number }[],
  me: string,
): Covering {
  const people = new Map<string, string>();
  for (const seg of segments) {
    if (!spans.some((span) => seg.startMs < span.endMs && span.startMs < seg.endMs)) continue;
    for (const u of seg.users) if (u.email.toLowerCase() !== me) people.set(u.id, u.name);
  }
  return { coverers: [...new Set(people.values())], covererIds: [...people.keys()] };
}
