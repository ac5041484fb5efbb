// The client the write paths use, speaking of people as the app holds them (adv52 r47 #1, #1b). The sync holds my
// remembered user under the e-mail in Settings and a colleague given that e-mail under none (sync/identity.ts);
// a write's own reads (the re-read before it, the answer, the checks after it) are held alike here, so "mine" is
// judged by my user id in every flow at once, and an override that landed on the colleague never reads as mine.
// What is written for me is the address the service lists my remembered user under now, never Settings' one
// while the service has given it to someone else; unknown, nothing is sent.
import type { OncallClient } from '../../api/client-types';
import { err, type ApiError, type Result } from '../../api/errors';
import type { CoverageRequest, CreateOverrideInput, Schedule, Shift, User } from '../../api/schemas';

/** Who I am, as the identity session knows it now. */
export interface HeldAs {
  /** The user my e-mail last resolved to at this service; null when none is known (then nothing is changed). */
  rememberedId(): string | null;
  configured(): string;
  /** The address to write for me: the service's one for my user now, or the sentence refusing the write. */
  writeAs(): { email: string } | { refused: string };
}

type Swap = (u: User) => User;

function swapOf(who: HeldAs): Swap | undefined {
  const id = who.rememberedId();
  const mine = who.configured().trim();
  if (id === null || mine === '') return undefined;
  const want = (u: User) => (u.id === id ? mine : u.email.toLowerCase() === mine.toLowerCase() ? '' : u.email);
  return (u) => (u.email === want(u) ? u : { ...u, email: want(u) });
}

const shiftWith = <S extends Shift | null | undefined>(s: S, swap: Swap): S =>
  s ? { ...s, users: s.users.map(swap) } : s;

const scheduleWith = (d: Schedule, swap: Swap): Schedule => ({
  ...d,
  users: d.users && d.users.map(swap),
  current_oncall_shift: shiftWith(d.current_oncall_shift, swap),
  next_oncall_shift: shiftWith(d.next_oncall_shift, swap),
});

const requestWith = (r: CoverageRequest, swap: Swap): CoverageRequest => ({ ...r, user: swap(r.user) });

/** An answer with its people held: `map` is given the swap only when there is one to make. */
function held<T>(who: HeldAs, answer: Result<T>, map: (value: T, swap: Swap) => T): Result<T> {
  const swap = swapOf(who);
  return answer.ok && swap ? { ok: true, value: map(answer.value, swap) } : answer;
}

/** The override's references with mine as the service lists me now; a refusal when that is unknown. */
function referencesFor(who: HeldAs, input: CreateOverrideInput): CreateOverrideInput | ApiError {
  const mine = who.configured().trim().toLowerCase();
  if (who.rememberedId() === null || !input.user_references.some((r) => r.value.toLowerCase() === mine)) return input;
  const as = who.writeAs();
  if ('refused' in as) return { kind: 'validation', message: as.refused, problems: [] };
  const user_references = input.user_references.map((r) =>
    r.value.toLowerCase() === mine ? { ...r, value: as.email } : r,
  );
  return { ...input, user_references };
}

export function clientAsHeld(client: OncallClient | undefined, who: HeldAs): OncallClient | undefined {
  if (client === undefined) return undefined;
  return {
    listCoverageRequests: (params) => client.listCoverageRequests(params),
    putChatUserGroup: (id, input) => client.putChatUserGroup(id, input),
    updateTeam: (id, input) => client.updateTeam(id, input),
    close: () => client.close(),
    getSchedule: async (id) => held(who, await client.getSchedule(id), scheduleWith),
    listShifts: async (id, params) =>
      held(who, await client.listShifts(id, params), (page, swap) => ({
        ...page,
        shifts: page.shifts.map((e) => (e.ok ? { ...e, shift: shiftWith(e.shift, swap) } : e)),
      })),
    listAllShifts: async (id, params, maxPages, onPage) =>
      held(who, await client.listAllShifts(id, params, maxPages, onPage), (list, swap) => ({
        ...list,
        shifts: list.shifts.map((s) => shiftWith(s, swap)),
      })),
    getOverride: async (id, overrideId) =>
      held(who, await client.getOverride(id, overrideId), (o, swap) => ({ ...o, users: o.users.map(swap) })),
    listAllCoverageRequests: async (maxPages, onPage) =>
      held(who, await client.listAllCoverageRequests(maxPages, onPage), (list, swap) => ({
        ...list,
        requests: list.requests.map((r) => requestWith(r, swap)),
      })),
    createOverride: async (id, input) => {
      const sent = referencesFor(who, input);
      if ('kind' in sent) return err(sent);
      return held(who, await client.createOverride(id, sent), (o, swap) => ({ ...o, users: o.users.map(swap) }));
    },
  };
}
