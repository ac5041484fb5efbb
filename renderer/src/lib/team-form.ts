// Team edit: pick a team from the watched schedules, change its name (1–60) and description (≤ 200).
import type { RequestOf } from '../../../electron/shared/ipc-contract';
import type { ScheduleView, TeamView } from '../../../electron/shared/view-state';
import { counter, lengthProblem, problems, TEXT_LIMITS as LIMITS, type Counter, type FieldErrors } from './limits';

export interface TeamFormValues {
  teamId: string;
  name: string;
  description: string;
}

/** Teams of all watched schedules, once each, by name. */
export function teamOptions(schedules: readonly ScheduleView[]): TeamView[] {
  const byId = new Map<string, TeamView>();
  for (const s of schedules) for (const t of s.teams) if (!byId.has(t.id)) byId.set(t.id, t);
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
}

export function valuesFor(team: TeamView | undefined): TeamFormValues {
  return { teamId: team?.id ?? '', name: team?.name ?? '', description: team?.description ?? '' };
}

export function teamCounters(values: TeamFormValues): { name: Counter; description: Counter } {
  return {
    name: counter(values.name, LIMITS.nameMax),
    description: counter(values.description, LIMITS.teamDescriptionMax),
  };
}

/** Problems to show while typing, before anything is sent. */
export function teamErrors(values: TeamFormValues): FieldErrors {
  return problems({
    teamId: values.teamId === '' ? 'Choose a team.' : undefined,
    name: lengthProblem('Name', values.name, 1, LIMITS.nameMax),
    description: lengthProblem('Description', values.description, 0, LIMITS.teamDescriptionMax),
  });
}

export type TeamChecked =
  { ok: true; request: RequestOf<'team:update'> } | { ok: false; errors: FieldErrors; nothingChanged?: true };

/** Sends only what changed, so an edit never overwrites a field the user did not touch. */
export function checkTeam(values: TeamFormValues, original: TeamView | undefined): TeamChecked {
  const errors = teamErrors(values);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const request: RequestOf<'team:update'> = { teamId: values.teamId };
  if (values.name !== original?.name) request.name = values.name;
  if (values.description !== original?.description) request.description = values.description;
  if (request.name === undefined && request.description === undefined)
    return { ok: false, errors: {}, nothingChanged: true };
  return { ok: true, request };
}
