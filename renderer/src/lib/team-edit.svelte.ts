// Team edit's state: the teams of the watched schedules, the one picked and what the service last said it is (edits
// are compared with it, only changes are sent), over the small-form lifecycle. A team sent without an id is shown,
// never offered for editing.
import type { RequestOf } from '../../../electron/shared/ipc-contract';
import type { AppState } from '../../../electron/shared/view-state';
import type { Answered, Invoke } from './ports';
import { SmallForm, type SmallFormScreen } from './small-form.svelte';
import {
  checkTeam,
  firstTeam,
  NO_TEAMS,
  teamCounters,
  teamErrors,
  teamOptions,
  valuesFor,
  type TeamFormValues,
  type TeamOption,
} from './team-form';

export type Team = Answered<'team:update'>;

export class TeamEdit implements SmallFormScreen<TeamFormValues, RequestOf<'team:update'>, Team> {
  readonly #model: () => AppState;
  get teams() {
    return this.#teams;
  }
  #teams = $derived.by(() => teamOptions(this.#model()));
  /** What the service last said the picked team is, on its account. */
  #saved = $state.raw<TeamOption | undefined>();
  get saved() {
    return this.#saved;
  }
  get locked(): boolean {
    return this.saved?.id === null;
  }
  readonly form: SmallForm<TeamFormValues, RequestOf<'team:update'>, Team>;
  get counters() {
    return this.#counters;
  }
  #counters = $derived.by(() => teamCounters(this.form.values));
  get picker() {
    return this.#picker;
  }
  #picker = $derived.by(() => ({
    id: 'team-id',
    label: 'Team',
    options: this.teams.map((t) => ({ value: t.key, label: t.id === null ? `${t.label} (can't be edited)` : t.label })),
  }));
  get picked(): string {
    return this.form.values.teamId;
  }
  get nothing(): string | undefined {
    return this.teams.length === 0 ? NO_TEAMS : undefined;
  }
  get submitLabel(): string | undefined {
    return this.locked ? undefined : 'Save team';
  }

  constructor(model: () => AppState, invoke: Invoke) {
    this.#model = model;
    this.#saved = firstTeam(teamOptions(model()));
    this.form = new SmallForm(
      {
        problems: teamErrors,
        check: (values) => checkTeam(values, this.saved),
        send: (request) => invoke('team:update', request),
        saved: (team) => {
          // Still the same team on the same account: only its name and description are the service's new ones.
          const picked = this.saved;
          this.#saved = picked && { ...picked, name: team.name, description: team.description };
          return valuesFor(this.saved);
        },
      },
      valuesFor(this.saved),
    );
  }

  choose = (key: string): void => {
    this.#saved = this.teams.find((t) => t.key === key);
    this.form.reset(valuesFor(this.saved));
  };
}
