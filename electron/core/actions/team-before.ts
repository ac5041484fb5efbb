// A team change read first (adv48 r31 #3): a Save pressed again after an unknown outcome, or a save on values a
// manager changed since the app last read them, would write the old intent over that change unread. The team is read
// just before sending, and the change goes only while it shows its earlier values (or already the user's).
import type { OncallClient } from '../../api/client-types';
import type { Team, UpdateTeamInput } from '../../api/schemas';
import type { Snapshot } from '../model/snapshot';
import { failure, type Failure } from './common';
import { readTeam, teamShows, teamStands } from './write-verify';

/** The team as the app last read it (the values the user's change was made on). */
export function cachedTeam(snapshot: Snapshot, teamId: string): Team | undefined {
  for (const s of snapshot.schedules) {
    const team = s.details?.teams.find((t) => t.id === teamId);
    if (team) return team;
  }
  return undefined;
}

/** Before a team change leaves: `send`, `shown` (the team already shows it: nothing sent), or a failure (nothing sent).
 *  `doubted`: an earlier change of it may still be applied, so a team that can't be read is not written blind. */
export async function teamBeforeSend(
  at: { client: OncallClient; snapshot: Snapshot; seen: (team: Team) => void },
  teamId: string,
  input: UpdateTeamInput,
  earlier: Team | undefined,
  doubted: boolean,
): Promise<{ kind: 'send' } | { kind: 'shown'; team: Team } | Failure> {
  const team = await readTeam(at.client, at.snapshot, teamId);
  if (team === undefined) {
    if (!doubted) return { kind: 'send' };
    return failure(
      'stale_data',
      'The team could not be read just before sending, and your earlier change of it may still be applied, so nothing was sent. Try again in a moment.',
    );
  }
  at.seen(team);
  const stands = teamStands(team, input, earlier);
  if (stands === 'mine') return { kind: 'shown', team };
  if (stands === 'earlier') return { kind: 'send' };
  return failure(
    'changed_since_planned',
    `Changed since: the team is now ${teamShows(team, input)}. Nothing was sent (it would write over that change): look at it again and save once it shows what you want.`,
  );
}
