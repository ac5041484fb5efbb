// Team edit: pick a team from the watched schedules, change its name (1–60) and description (≤ 200). Team ids are
// unique per service only: a team is its account's (Acme's "Core" and Work's "Core" are two teams, both listed,
// each named with its account when there are several), and its update goes to that account alone.
import { parseAccountId, teamRef, withAccount, type AccountId } from '../../../electron/shared/accounts';
import type { RequestOf } from '../../../electron/shared/ipc-contract';
import type { AppState, TeamView } from '../../../electron/shared/view-state';
import { countersOf, lengthProblems, problems, TEXT_LIMITS as LIMITS } from './limits';
import type { Counter, FieldErrors, TextRules } from './limits';

export interface TeamFormValues {
  /** The chosen option's key: the team's id, or a key of its own for a team sent without one. */
  teamId: string;
  name: string;
  description: string;
}

/** A team to choose, on its account; `key` is its ref (shared/accounts teamRef), or (for a team the service sent
 *  without an id) a key of its own; `label` is what the picker says ("Acme · Core" with several accounts). */
export type TeamOption = TeamView & { key: string; accountId: AccountId; label: string };

/** Why a team the service sent without an id is shown but not offered for editing (the update needs its id). */
export const NOT_EDITABLE = "This team can't be edited: the service sent it without an id.";

/** Said instead of the form when no watched schedule has a team. */
export const NO_TEAMS = 'None of your watched schedules has a team.';

/**
 * Teams of all watched schedules, once each per account, by account (the user's order) then name. A team sent
 * without an id can't be told apart from another by id: those alike in name and description (on one account) are
 * shown once.
 */
export function teamOptions(state: Pick<AppState, 'accounts' | 'schedules'>): TeamOption[] {
  const byKey = new Map<string, TeamOption>();
  const withoutId = new Map<string, string>();
  for (const s of state.schedules) {
    const accountId = parseAccountId(s.accountId);
    if (accountId === null) continue;
    for (const t of s.teams) {
      const alike = JSON.stringify([accountId, t.name, t.description]);
      const key = t.id === null ? (withoutId.get(alike) ?? `#${withoutId.size + 1}`) : teamRef(accountId, t.id);
      if (t.id === null) withoutId.set(alike, key);
      const label = withAccount(state, accountId, t.name);
      if (!byKey.has(key)) byKey.set(key, { ...t, key, accountId, label });
    }
  }
  const order = (o: TeamOption) => state.accounts.findIndex((a) => a.id === o.accountId);
  return [...byKey.values()].sort((a, b) => order(a) - order(b) || a.name.localeCompare(b.name));
}

/** The team the form opens on: the first that can be edited, else the first. */
export const firstTeam = (teams: readonly TeamOption[]): TeamOption | undefined =>
  teams.find((t) => t.id !== null) ?? teams[0];

export function valuesFor(team: (TeamView & { key?: string }) | undefined): TeamFormValues {
  return { teamId: team?.key ?? team?.id ?? '', name: team?.name ?? '', description: team?.description ?? '' };
}

const TEXT: TextRules<'name' | 'description'> = {
  name: { label: 'Name', min: 1, max: LIMITS.nameMax },
  description: { label: 'Description', min: 0, max: LIMITS.teamDescriptionMax },
};

export const teamCounters = (values: TeamFormValues): Record<'name' | 'description', Counter> =>
  countersOf(values, TEXT);

/** Problems to show while typing, before anything is sent. */
export function teamErrors(values: TeamFormValues): FieldErrors {
  return {
    ...problems({ teamId: values.teamId === '' ? 'Choose a team.' : undefined }),
    ...lengthProblems(values, TEXT),
  };
}

export type TeamChecked =
  { ok: true; request: RequestOf<'team:update'> } | { ok: false; errors: FieldErrors; nothingChanged?: true };

/** Sends only what changed, so an edit never overwrites a field the user did not touch. */
export function checkTeam(values: TeamFormValues, original: TeamOption | undefined): TeamChecked {
  if (original?.id === null) return { ok: false, errors: { teamId: NOT_EDITABLE } };
  const errors = teamErrors(values);
  if (!original) errors.teamId = 'Choose a team.';
  if (Object.keys(errors).length > 0 || !original) return { ok: false, errors };
  // The team's own account: its id means nothing on another service.
  const request: RequestOf<'team:update'> = { accountId: original.accountId, teamId: original.id };
  if (values.name !== original?.name) request.name = values.name;
  if (values.description !== original?.description) request.description = values.description;
  if (request.name === undefined && request.description === undefined)
    return { ok: false, errors: {}, nothingChanged: true };
  return { ok: true, request };
}
