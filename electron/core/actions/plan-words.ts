// The words of a change since a plan (plan-held.ts, plan-lines.ts): each stretch that differs from what was planned
// there, said from who is on call now, one way in every flow.
/** One stretch as read (plan-held.ts Held): who is on call, with the names the read gave. */
interface Held {
  startMs: number;
  endMs: number;
  emails: string[];
  names?: Readonly<Record<string, string>>;
}
/** What the words need of a flow (plan-held.ts HeldDeps): names, times, me. Kept apart so the two form no cycle. */
export interface WordsDeps {
  nameOf: (scheduleId: string, email: string) => string;
  windowOf: (scheduleId: string, startMs: number, endMs: number) => string;
  meOn: (scheduleId: string) => string;
}

/** "Carol Lee", "Carol Lee and Dan Ray", "you, Carol Lee and Dan Ray". */
const list = (names: readonly string[]): string =>
  names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}` : (names[0] ?? '');
/** The verb for these people: "you" takes the plural form ("you are", "you cover"), as more than one do. */
const verb = (names: readonly string[], one: string, many: string): string =>
  names.length > 1 || names[0] === 'you' ? many : one;

/** Who is on call over one stretch and what was planned there (lower-cased), with me ('' unknown). */
interface Stretch {
  now: readonly string[];
  planned: readonly string[];
  me: string;
  when: string;
}

/**
 * One stretch that differs from the plan, worded from who is on call there now. "covers" only for people who took
 * the time from me (I am no longer on call there) or from everyone planned; someone beside people still on call is
 * "on call with" them.
 */
function stretchText({ now, planned, me, when }: Stretch, name: (e: string) => string): string {
  if (now.length === 0) return `nobody is on call ${when}`;
  const added = now.filter((e) => !planned.includes(e)).map(name);
  const beside = now.filter((e) => e !== me).map(name);
  if (me !== '' && now.includes(me)) {
    if (beside.length === 0)
      return planned.includes(me) ? `you are now on call alone ${when}` : `you are now on call ${when}`;
    if (!planned.includes(me)) return `you are now on call with ${list(beside)} ${when}`;
    // Only who changed is named: a partner who was already there when planned is no news (adv48 round 9, minor).
    const newly = now.filter((e) => e !== me && !planned.includes(e)).map(name);
    const who = newly.length > 0 ? newly : beside;
    return `${list(who)} ${verb(who, 'is', 'are')} now on call with you ${when}`;
  }
  if (added.length === 0) {
    const gone = planned.filter((e) => !now.includes(e)).map(name);
    return `${list(gone)} ${verb(gone, 'is', 'are')} no longer on call ${when}`;
  }
  const kept = now.filter((e) => planned.includes(e)).map(name);
  const covers = `${list(added)} now ${verb(added, 'covers', 'cover')} ${when}`;
  if (kept.length === 0) return covers;
  return planned.includes(me)
    ? `${covers}, with ${list(kept)}`
    : `${list(added)} ${verb(added, 'is', 'are')} now on call with ${list(kept)} ${when}`;
}

/** The people of one read by name: as the schedule lists them, else as the read gave them; me as "you". */
function namer(deps: WordsDeps, scheduleId: string, held: readonly Held[]): (e: string) => string {
  const me = deps.meOn(scheduleId).toLowerCase();
  const read: Record<string, string> = {};
  for (const h of held) Object.assign(read, h.names);
  const known = (e: string) => {
    const n = deps.nameOf(scheduleId, e);
    return n !== '' && n.toLowerCase() !== e ? n : (read[e] ?? e);
  };
  return (e: string) => (e === me ? 'you' : known(e));
}

/** Stretches that differ from what was planned there, in the user's words (the first three, in time order). */
export function differingText(
  deps: WordsDeps,
  scheduleId: string,
  pieces: ReadonlyArray<{ h: Held; planned: readonly string[] }>,
  held: readonly Held[],
): string {
  const me = deps.meOn(scheduleId).toLowerCase();
  const name = namer(deps, scheduleId, held);
  return [...pieces]
    .sort((x, y) => x.h.startMs - y.h.startMs)
    .slice(0, 3)
    .map(({ h, planned: p }) => {
      const when = deps.windowOf(scheduleId, h.startMs, h.endMs);
      return stretchText({ now: h.emails, planned: p, me, when }, name);
    })
    .join('; ');
}

/** "Alice Doe is no longer on call Tue 08:00 – Wed 08:00": people on call nowhere in the window now. */
export function noLongerText(
  deps: WordsDeps,
  scheduleId: string,
  gone: readonly string[],
  w: { startMs: number; endMs: number },
  held: readonly Held[],
): string {
  const names = gone.map(namer(deps, scheduleId, held));
  return `${list(names)} ${verb(names, 'is', 'are')} no longer on call ${deps.windowOf(scheduleId, w.startMs, w.endMs)}`;
}
