// Team edit: pick a team from the watched schedules, change its name (1–60) and description (≤ 200).
import { parseAccountId, type AccountId } from '../../../electron/shared/accounts';
import type { RequestOf } from '../../../electron/shared/ipc-contract';
import type { ScheduleView, TeamView } from '../../../electron/shared/view-state';
import { countersOf, lengthProblems, problems, TEXT_LIMITS as LIMITS } from './limits';
import type { Counter, FieldErrors, TextRules } from './limits';

export interface TeamFormValues {
  /** The chosen option's key: the team's id, or a key of its own for a team sent without one. */
  teamId: string;
  name: string;
  description: string;
}

/** A team to choose; `key` is its id, or (for a team the service sent without an id) a key that is no id. */
export type TeamOption = TeamView & { key: string };

/** Why a team the service sent without an id is shown but not offered for editing (the update needs its id). */
export const NOT_EDITABLE = "This team can't be edited: the service sent it without an id.";

/** Said instead of the form when no watched schedule has a team. */
export const NO_TEAMS = 'None of your watched schedules has a team.';

/**
 * Teams of all watched schedules, once each, by name. A team sent without an id can't be told apart from another
 * by id: those alike in name and description are shown once.
 */
export function teamOptions(schedules: readonly ScheduleView[]): TeamOption[] {
  const byKey = new Map<string, TeamOption>();
  const withoutId = new Map<string, string>();
  for (const t of schedules.flatMap((s) => s.teams)) {
    const alike = JSON.stringify([t.name, t.description]);
    const key = t.id ?? withoutId.get(alike) ?? `#${withoutId.size + 1}`;
    if (t.id === null) withoutId.set(alike, key);
    if (!byKey.has(key)) byKey.set(key, { ...t, key });
  }
  return [...byKey.values()].sort((a, b) => a.name.localeCompare(b.name));
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

/** The account of the first watched schedule that has this team (the update goes to that account's service). */
export function teamAccount(schedules: readonly ScheduleView[], team: TeamView | undefined): AccountId | null {
  const on = schedules.find((s) => team?.id != null && s.teams.some((t) => t.id === team.id));
  return on ? parseAccountId(on.accountId) : null;
}

/** Sends only what changed, so an edit never overwrites a field the user did not touch. */
export function checkTeam(
  values: TeamFormValues,
  original: TeamView | undefined,
  accountId: AccountId | null,
): TeamChecked {
  if (original?.id === null) return { ok: false, errors: { teamId: NOT_EDITABLE } };
  const errors = teamErrors(values);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  if (accountId === null) return { ok: false, errors: { teamId: "This team's service isn't known." } };
  const request: RequestOf<'team:update'> = { accountId, teamId: original?.id ?? values.teamId };
  if (values.name !== original?.name) request.name = values.name;
  if (values.description !== original?.description) request.description = values.description;
  if (request.name === undefined && request.description === undefined)
    return { ok: false, errors: {}, nothingChanged: true };
  return { ok: true, request };
}
