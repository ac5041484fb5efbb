// "Add another service" (Settings → Accounts, and onboarding's last step): the form's state and its save. Check,
// then save: main (account:add) checks the address, the key and each schedule with that service and only then
// writes the account and its key; a failure saves nothing, keeps what was typed and names the field at fault.
import type { Account } from '../../../electron/shared/settings';
import type { AppState } from '../../../electron/shared/view-state';
import { blankAccount, fieldOfProblem, type NewAccountValues } from './account-form';
import type { FieldErrors } from './limits';
import type { Invoke } from './ports';

export type AddOutcome = 'busy' | 'invalid' | 'failed' | 'added';

export class AddAccount {
  readonly #model: () => AppState;
  readonly #invoke: Invoke;
  #values = $state<NewAccountValues>(blankAccount());
  get values() {
    return this.#values;
  }
  #errors = $state<FieldErrors>({});
  get errors() {
    return this.#errors;
  }
  #busy = $state(false);
  get busy() {
    return this.#busy;
  }
  /** What the last attempt came to (a whole-form message; field problems are in `errors`). */
  answer = $state.raw<{ ok: boolean; text: string } | null>(null);
  /** Counts the starts over (Cancel): a refusal of what was typed before marks nothing on the form as it is now. */
  #starts = 0;

  constructor(model: () => AppState, ports: { invoke: Invoke }) {
    this.#model = model;
    this.#invoke = ports.invoke;
  }

  /** Starts over (Cancel): what was typed is dropped (nothing of it was saved). */
  reset = (): void => {
    this.#starts += 1;
    this.#values = blankAccount();
    this.#errors = {};
    this.answer = null;
  };

  submit = async (): Promise<AddOutcome> => {
    if (this.busy) return 'busy';
    this.answer = null;
    this.#errors = {};
    this.#busy = true;
    try {
      return await this.#save();
    } finally {
      this.#busy = false;
    }
  };

  async #save(): Promise<AddOutcome> {
    const v = this.values;
    const starts = this.#starts;
    const label = v.label.trim();
    // One request: main checks what was typed (electron/shared/account-checks.ts: the form holds no second copy of
    // those rules), then the address, the key and each schedule with that service, then saves the account and its
    // key; a failure leaves nothing saved, and what was typed stays here.
    const added = await this.#invoke('account:add', {
      label,
      baseUrl: v.baseUrl.trim(),
      key: v.key.trim(),
      email: v.email.trim(),
      schedules: v.schedules.split(/[\s,]+/).filter((entry) => entry !== ''),
    });
    // Cancelled meanwhile: nothing was added, and the form shows none of what was refused (an added one still is).
    if (!added.ok && starts !== this.#starts) return 'failed';
    if (!added.ok) {
      const problems = added.error.problems ?? [];
      for (const p of problems) this.#fieldProblem(fieldOfProblem(p.field) ?? 'label', p.message);
      return this.#failed(
        problems.length > 0
          ? `${label || 'The service'} was not added: fix what is marked and add again.`
          : added.error.message,
      );
    }
    const count = added.value.schedules.length;
    this.reset();
    this.answer = { ok: true, text: `Added ${label} with ${count} ${count === 1 ? 'schedule' : 'schedules'}.` };
    this.#added = added.value;
    return 'added';
  }

  /** The account the last successful submit added (for the caller to show with the others). */
  #added = $state.raw<Account | null>(null);
  get added() {
    return this.#added;
  }

  #fieldProblem(field: keyof NewAccountValues, message: string): void {
    this.errors[field] = this.errors[field] ? `${this.errors[field]} ${message}` : message;
  }

  #failed(text: string): 'failed' {
    this.answer = { ok: false, text };
    return 'failed';
  }
}
