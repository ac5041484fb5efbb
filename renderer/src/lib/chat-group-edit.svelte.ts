// Chat user group's state: the schedule it is for (the one asked for, else the first watched) and the group to
// attach with one PUT, starting from the group last attached from this app (the service cannot be asked for it).
import type { RequestOf } from '../../../electron/shared/ipc-contract';
import type { AppState } from '../../../electron/shared/view-state';
import { withAccount } from './accounts';
import {
  chatGroupCounters,
  chatGroupErrors,
  checkChatGroup,
  valuesFor,
  type ChatGroupFormValues,
} from './chat-group-form';
import type { Answered, Invoke } from './ports';
import { SmallForm, type SmallFormScreen } from './small-form.svelte';

export type Group = Answered<'chat-group:put'>;

const NO_SCHEDULE = 'Watch a schedule first (Settings).';

/** How the service's answer is shown: “Name” (@handle, id …): description. */
export const groupText = (g: Group): string =>
  `“${g.name}” (@${g.handle}, id ${g.id})${g.description ? `: ${g.description}` : ''}`;

export class ChatGroupEdit implements SmallFormScreen<ChatGroupFormValues, RequestOf<'chat-group:put'>, Group> {
  readonly #model: () => AppState;
  readonly form: SmallForm<ChatGroupFormValues, RequestOf<'chat-group:put'>, Group>;
  get counters() {
    return this.#counters;
  }
  #counters = $derived.by(() => chatGroupCounters(this.form.values));
  get picker() {
    return this.#picker;
  }
  #picker = $derived.by(() => ({
    id: 'cg-schedule',
    label: 'Schedule',
    // "Work · Platform primary" with several accounts: two services' schedules of one name are told apart.
    options: this.#model().schedules.map((s) => ({
      value: s.id,
      label: withAccount(this.#model(), s.accountId, s.name),
    })),
  }));
  get picked(): string {
    return this.form.values.scheduleId;
  }
  get nothing(): string | undefined {
    return this.#model().schedules.length === 0 ? NO_SCHEDULE : undefined;
  }
  readonly submitLabel = 'Attach or update';

  /** Opens on the schedule asked for (params.scheduleId) when the window opened. */
  constructor(model: () => AppState, params: () => Record<string, string>, invoke: Invoke) {
    this.#model = model;
    const schedules = model().schedules;
    const initial = schedules.find((s) => s.id === params().scheduleId) ?? schedules[0];
    this.form = new SmallForm(
      { problems: chatGroupErrors, check: checkChatGroup, send: (request) => invoke('chat-group:put', request) },
      valuesFor(initial),
    );
  }

  choose = (scheduleId: string): void => {
    this.form.reset(valuesFor(this.#model().schedules.find((s) => s.id === scheduleId)));
  };
}
