// Whether the schedule shows a write of mine by its own window and people (adv48 r17 #2): the shifts run without a
// hole over the whole window, and its first and last stretch hold exactly its people. A change layered strictly
// inside it since (a manager put Dave over 2 of its hours in the same instant it landed) is news of its own, not a
// sign that the write is someone else's; "the schedule's whole window equals my write" would lose it.

interface ShownShift {
  start: string;
  end: string;
  users: readonly { email: string }[];
}

const peopleOf = (emails: readonly string[]): string =>
  [...new Set(emails.map((e) => e.trim().toLowerCase()))].sort().join(' ');

export function heldAtEdges(
  shifts: readonly ShownShift[],
  startMs: number,
  endMs: number,
  covering: readonly string[],
): boolean {
  if (covering.length === 0) return false;
  const want = peopleOf(covering);
  const over = shifts
    .filter((s) => Date.parse(s.start) < endMs && Date.parse(s.end) > startMs)
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  const people = (s: ShownShift) => peopleOf(s.users.map((u) => u.email));
  let at = startMs;
  for (const s of over) {
    if (Date.parse(s.start) > at) return false;
    at = Math.max(at, Date.parse(s.end));
  }
  const first = over[0];
  // The last stretch: of those reaching the end, the one that starts last (a longer one under it is a rotation's).
  const last = over
    .filter((s) => Date.parse(s.end) >= endMs)
    .sort((a, b) => Date.parse(b.start) - Date.parse(a.start))[0];
  return at >= endMs && first !== undefined && last !== undefined && people(first) === want && people(last) === want;
}
