// Whether an account can write to a schedule now. A service watched by two accounts is written through one of them
// (account-handlers.ts writeRef); one whose key the service rejected, or that the service refused a write to (403:
// a read-only key, no rights on that schedule), is passed over for the next one that can. A refusal is remembered for
// the client (the address and key) it came from: another key, or another address, starts with a clean slate.
import type { OncallClient } from '../../api/client-types';

export interface WriteStanding {
  /** The actions client, watched: a 403 to one of its override writes is remembered for that schedule. */
  watched(client: OncallClient | undefined): OncallClient | undefined;
  /** Whether the service refused a write to this schedule through this client. */
  refused(client: OncallClient | undefined, scheduleId: string): boolean;
}

export function createWriteStanding(): WriteStanding {
  const refusals = new WeakMap<OncallClient, Set<string>>();
  const wrapped = new WeakMap<OncallClient, OncallClient>();
  const watch = (client: OncallClient): OncallClient => {
    const createOverride: OncallClient['createOverride'] = async (scheduleId, input) => {
      const answer = await client.createOverride(scheduleId, input);
      if (!answer.ok && answer.error.kind === 'forbidden') {
        const set = refusals.get(client) ?? new Set<string>();
        refusals.set(client, set.add(scheduleId));
      }
      return answer;
    };
    // Each method the client's own, called on it (a client may keep state behind its methods).
    return {
      getSchedule: (...a) => client.getSchedule(...a),
      listShifts: (...a) => client.listShifts(...a),
      listAllShifts: (...a) => client.listAllShifts(...a),
      createOverride,
      getOverride: (...a) => client.getOverride(...a),
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
    refused: (client, scheduleId) => (client ? (refusals.get(client)?.has(scheduleId) ?? false) : false),
  };
}
