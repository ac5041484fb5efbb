// Whether an account can write to a schedule now. A service watched by two accounts is written through one of them
// (account-handlers.ts writeRef); one whose key the service rejected, or that the service refused a write to (403:
// a read-only key, no rights on that schedule), is passed over for the next one that can. A refusal is remembered for
// the client (the address and key) it came from: another key, or another address, starts with a clean slate. A 401 to
// any call through the client (a write, or a read just before one) is learned at once, for every schedule (adv48 r17
// #1): a key revoked mid-hand-off moves the rest to the next account before any sync has seen it. A later 2xx through
// the client (the key accepted again) forgets it.
import type { OncallClient } from '../../api/client-types';

export interface WriteStanding {
  /** The actions client, watched: a 403 to one of its override writes is remembered for that schedule. */
  watched(client: OncallClient | undefined): OncallClient | undefined;
  /** Whether the service refused a write to this schedule through this client, or rejected its key (401). */
  refused(client: OncallClient | undefined, scheduleId: string): boolean;
}

export function createWriteStanding(): WriteStanding {
  const refusals = new WeakMap<OncallClient, Set<string>>();
  const rejected = new WeakSet<OncallClient>();
  const wrapped = new WeakMap<OncallClient, OncallClient>();
  const watch = (client: OncallClient): OncallClient => {
    // A 2xx through the client is the key accepted again (restored at the service): its 401 is forgotten (adv48 r18 #2).
    const heard = <A extends { ok: boolean; error?: { kind: string } }>(answer: A): A => {
      if (!answer.ok && answer.error?.kind === 'unauthorized') rejected.add(client);
      if (answer.ok) rejected.delete(client);
      return answer;
    };
    const createOverride: OncallClient['createOverride'] = async (scheduleId, input) => {
      const answer = heard(await client.createOverride(scheduleId, input));
      if (!answer.ok && answer.error.kind === 'forbidden') {
        const set = refusals.get(client) ?? new Set<string>();
        refusals.set(client, set.add(scheduleId));
      }
      // A write to this schedule taken: its rights were given back (a lifted 403).
      if (answer.ok) refusals.get(client)?.delete(scheduleId);
      return answer;
    };
    // Each method the client's own, called on it (a client may keep state behind its methods).
    return {
      getSchedule: async (...a) => heard(await client.getSchedule(...a)),
      listShifts: async (...a) => heard(await client.listShifts(...a)),
      listAllShifts: async (...a) => heard(await client.listAllShifts(...a)),
      createOverride,
      getOverride: async (...a) => heard(await client.getOverride(...a)),
      listCoverageRequests: (...a) => client.listCoverageRequests(...a),
      listAllCoverageRequests: (...a) => client.listAllCoverageRequests(...a),
      putChatUserGroup: (...a) => client.putChatUserGroup(...a),
      updateTeam: (...a) => client.updateTeam(...a),
      close: () => client.close(),
    };
  };
  return {
    watched: (client) => {
      if (!client) return undefined;
      const known = wrapped.get(client);
      if (known) return known;
      const made = watch(client);
      wrapped.set(client, made);
      return made;
    },
    refused: (client, scheduleId) =>
      client ? rejected.has(client) || (refusals.get(client)?.has(scheduleId) ?? false) : false,
  };
}
