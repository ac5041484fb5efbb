// Team and chat-group writes whose outcome is unknown (no answer, a 5xx, an unreadable answer). They are not
// sent again. A team can be read back through a schedule that lists it (the service has no team endpoint to
// read); a chat user group cannot be read back at all, so its outcome is said to be unknown.
import type { OncallClient } from '../../api/client-types';
import type { ApiError, Result } from '../../api/errors';
import type { Team, UpdateTeamInput } from '../../api/schemas';
import type { Clock } from '../ports';
import type { Snapshot } from '../model/snapshot';
import { failure, whatHappened, type Failure } from './common';

type Unknown = Extract<ApiError, { kind: 'outcome_unknown' }>;

/** What the team looks like on the service now: read through the first cached schedule that lists it. */
async function readTeam(client: OncallClient, snapshot: Snapshot, teamId: string): Promise<Team | undefined> {
  const via = snapshot.schedules.find((s) => s.details?.teams.some((t) => t.id === teamId));
  if (!via) return undefined;
  const read = await client.getSchedule(via.id);
  return read.ok ? read.value.teams.find((t) => t.id === teamId) : undefined;
}

const applied = (team: Team, input: UpdateTeamInput): boolean =>
  (input.name === undefined || team.name === input.name) &&
  (input.description === undefined || team.description === input.description);

const sleep = (clock: Clock, ms: number) => new Promise<void>((resolve) => clock.setTimer(ms, resolve));

/**
 * The team as saved when reading it back shows the change; otherwise a failure saying what is known. A PATCH
 * sets values (it cannot add anything twice), so once the team shows the old values, saving again is safe.
 */
export async function verifyTeamUpdate(
  deps: { client: OncallClient; snapshot: Snapshot; clock: Clock; graceMs: number },
  teamId: string,
  input: UpdateTeamInput,
  error: Unknown,
): Promise<Result<Team, Failure['error']>> {
  const why = whatHappened(error.cause, error.status);
  let team = await readTeam(deps.client, deps.snapshot, teamId);
  // A slow server may still be applying it: look once more before saying it was not saved.
  if (team && !applied(team, input)) {
    await sleep(deps.clock, deps.graceMs);
    team = await readTeam(deps.client, deps.snapshot, teamId);
  }
  if (team === undefined) {
    return failure(
      'outcome_unknown',
      `${why}, and the team could not be read back, so it is unknown whether the change was saved. Check the team on the on-call service.`,
    );
  }
  if (applied(team, input)) return { ok: true, value: team };
  return failure(
    'not_saved',
    `${why}, and the team still shows its earlier values, so the change was most likely not saved. Saving it again cannot apply it twice.`,
  );
}

/** The service has no way to read a chat user group, so an unknown outcome stays unknown. */
export function chatGroupUnknown(error: Unknown): Failure {
  const why = whatHappened(error.cause, error.status);
  return failure(
    'outcome_unknown',
    `${why}, so it is unknown whether the chat user group was saved, and the service offers no way to read it back. Check it on the on-call service; saving the same values again would replace them, not add a second group.`,
  );
}
