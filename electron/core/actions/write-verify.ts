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

/** What the team looks like on the service now: read through the first cached schedule that lists it; undefined
 *  when none lists it or the read failed. */
export async function readTeam(client: OncallClient, snapshot: Snapshot, teamId: string): Promise<Team | undefined> {
  const via = snapshot.schedules.find((s) => s.details?.teams.some((t) => t.id === teamId));
  if (!via) return undefined;
  const read = await client.getSchedule(via.id);
  return read.ok ? read.value.teams.find((t) => t.id === teamId) : undefined;
}

const FIELDS = ['name', 'description'] as const;

/** What the team shows for the fields the change sets: the user's values, its earlier ones, or someone else's
 *  (a value that is neither, or a mix that no single write gives). */
export function teamStands(
  team: Team,
  input: UpdateTeamInput,
  earlier: Team | undefined,
): 'mine' | 'earlier' | 'other' {
  const asked = FIELDS.filter((f) => input[f] !== undefined);
  if (asked.every((f) => team[f] === input[f])) return 'mine';
  if (earlier && asked.every((f) => team[f] === earlier[f])) return 'earlier';
  return 'other';
}

/** "called “Platform”", "called “Platform”, described as “…”": the values the team shows for the fields asked. */
export function teamShows(team: Team, input: UpdateTeamInput): string {
  const parts = [
    ...(input.name !== undefined ? [`called “${team.name ?? ''}”`] : []),
    ...(input.description !== undefined ? [`described as “${team.description ?? ''}”`] : []),
  ];
  return parts.join(', ');
}

const sleep = (clock: Clock, ms: number) => new Promise<void>((resolve) => clock.setTimer(ms, resolve));

/**
 * The team as saved when reading it back shows the change; otherwise a failure saying what the read shows, with its
 * values: its earlier ones (the service may still apply the change: a few seconds prove nothing) or someone else's.
 * `seen` gets every team read, so the app shows what the service holds, not what it held before.
 */
export async function verifyTeamUpdate(
  deps: { client: OncallClient; snapshot: Snapshot; clock: Clock; graceMs: number; seen: (team: Team) => void },
  teamId: string,
  input: UpdateTeamInput,
  error: Unknown,
  earlier: Team | undefined,
): Promise<Result<Team, Failure['error']>> {
  const why = whatHappened(error.cause, error.status);
  let team = await readTeam(deps.client, deps.snapshot, teamId);
  // A slow server may still be applying it: look once more before saying what it shows.
  if (team && teamStands(team, input, earlier) !== 'mine') {
    await sleep(deps.clock, deps.graceMs);
    team = await readTeam(deps.client, deps.snapshot, teamId);
  }
  if (team === undefined) {
    return failure(
      'outcome_unknown',
      `${why}, and the team could not be read back, so it is unknown whether the change was saved. Check the team on the on-call service.`,
    );
  }
  deps.seen(team);
  const stands = teamStands(team, input, earlier);
  if (stands === 'mine') return { ok: true, value: team };
  const shows =
    stands === 'earlier'
      ? `the team still shows its earlier values (${teamShows(team, input)}) a few seconds later, but the service may still apply your change`
      : `the team now shows someone else's change (${teamShows(team, input)}); the service may still apply yours over it`;
  return failure(
    'outcome_unknown',
    `${why}, and ${shows}. Saving it again reads the team first and sends it only while the team shows the values it had before your change, or yours.`,
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
