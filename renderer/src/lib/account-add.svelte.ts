// "Add another service" (Settings → Accounts, and onboarding's last step): the form's state and its save, in the
// order the engine needs: the account first (its id names its keychain entry), then its key, then each schedule
// checked against that service, then the schedules saved. A step that fails keeps what was typed, names the field
// at fault, and a retry continues from there (the account is not added twice).
import { newAccountId, type AccountId } from '../../../electron/shared/accounts';
import type { Account, WatchedSchedule } from '../../../electron/shared/settings';
import type { AppState } from '../../../electron/shared/view-state';
import {
  blankAccount,
  checkNewAccount,
  fieldOfCheckFailure,
  fieldOfProblem,
  type NewAccountValues,
} from './account-form';
import type { FieldErrors } from './limits';
import type { Invoke } from './ports';
import { nameToKeep } from './settings-form';

export type AddOutcome = 'busy' | 'invalid' | 'failed' | 'added';

export class AddAccount {
  readonly #model: () => AppState;
  readonly #invoke: Invoke;
  values = $state<NewAccountValues>(blankAccount());
  errors = $state<FieldErrors>({});
  busy = $state(false);
  /** What the last attempt came to (a whole-form message; field problems are in `errors`). */
  answer = $state.raw<{ ok: boolean; text: string } | null>(null);
  /** The id of the account this form already saved: a retry updates it instead of adding another. */
  #created: AccountId | null = null;

  constructor(model: () => AppState, ports: { invoke: Invoke }) {
    this.#model = model;
    this.#invoke = ports.invoke;
  }

  /** Starts over (Cancel): what was typed is dropped; an account already saved stays, listed with the others. */
  reset = (): void => {
    this.values = blankAccount();
    this.errors = {};
    this.answer = null;
    this.#created = null;
  };

  submit = async (): Promise<AddOutcome> => {
    if (this.busy) return 'busy';
    const accounts = this.#model().settings.accounts;
    const others = accounts.filter((a) => a.id !== this.#created).map((a) => a.label);
    const checked = checkNewAccount(this.values, others);
    this.answer = null;
    if (!checked.ok) return ((this.errors = checked.errors), 'invalid');
    this.errors = {};
    this.busy = true;
    try {
      return await this.#save(checked.scheduleIds);
    } finally {
      this.busy = false;
    }
  };

  async #save(scheduleIds: string[]): Promise<AddOutcome> {
    const v = this.values;
    const label = v.label.trim();
    const fields = { label, baseUrl: v.baseUrl.trim(), email: v.email.trim() };
    const id =
      this.#created ??
      newAccountId(
        label,
        this.#model().settings.accounts.map((a) => a.id),
      );
    const saved = this.#created
      ? await this.#invoke('settings:update', { account: { id, ...fields } })
      : await this.#invoke('settings:update', {
          accounts: [...this.#model().settings.accounts, { id, ...fields, schedules: [] }],
        });
    if (!saved.ok) {
      for (const p of saved.error.problems ?? []) this.#fieldProblem(fieldOfProblem(p.field) ?? 'label', p.message);
      return this.#failed(saved.error.message);
    }
    this.#created = id;
    const key = await this.#invoke('key:set', { accountId: id, key: v.key.trim() });
    if (!key.ok)
      return (this.#fieldProblem('key', key.error.message), this.#failed(`${label} is saved without its key.`));
    const schedules: WatchedSchedule[] = [];
    for (const scheduleId of scheduleIds) {
      const found = await this.#invoke('schedule:check', { accountId: id, input: scheduleId });
      if (found.ok) schedules.push({ id: found.value.id, name: nameToKeep(found.value.name) });
      else this.#fieldProblem(fieldOfCheckFailure(found.error), `${scheduleId}: ${found.error.message}`);
    }
    if (schedules.length < scheduleIds.length)
      return this.#failed(`${label} is saved, but not its schedules yet: fix them and add again.`);
    const done = await this.#invoke('settings:update', { account: { id, schedules } });
    if (!done.ok) return this.#failed(done.error.message);
    const account = done.value.accounts.find((a) => a.id === id);
    this.reset();
    this.answer = { ok: true, text: `Added ${label} with ${count(schedules.length)}.` };
    this.added = account ?? null;
    return 'added';
  }

  /** The account the last successful submit added (for the caller to show with the others). */
  added = $state.raw<Account | null>(null);

  #fieldProblem(field: keyof NewAccountValues, message: string): void {
    this.errors[field] = this.errors[field] ? `${this.errors[field]} ${message}` : message;
  }

  #failed(text: string): 'failed' {
    this.answer = { ok: false, text };
    return 'failed';
  }
}

const count = (n: number): string => `${n} ${n === 1 ? 'schedule' : 'schedules'}`;
