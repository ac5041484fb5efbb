// One lifecycle for the app's small forms (Team, Chat user group): a draft of the values; a field's problem shown
// once it was typed in or after a submit (an empty new form does not start in red); dirty against what was loaded;
// one submit at a time; and an outcome that may be unknown (a write whose answer was lost: verify, never resend).
import type { ActionError } from '../../../electron/shared/action-error';
import { nextStep } from '../../../electron/shared/next-step';
import type { FieldErrors } from './limits';

/** What a form's check makes of its values: the request to send, or why not (problems, or nothing changed). */
export type Checked<R> = { ok: true; request: R } | { ok: false; nothingChanged?: true };

export type Sent<A> = { ok: true; value: A } | { ok: false; error: ActionError };

/** After a submit: saved (with the service's answer), nothing to send, or not saved (or not known whether). */
export type FormOutcome<A> =
  { ok: true; value: A } | { ok: 'same' } | { ok: false; message: string; unknown: boolean } | null;

/** What a submit came to, for the view to move the focus: to the first problem, or to the outcome. */
export type Submitted = 'busy' | 'invalid' | 'same' | 'answered';

export interface SmallFormSpec<V, R, A> {
  /** Every problem with the values as they are, by field. */
  problems: (values: V) => FieldErrors;
  check: (values: V) => Checked<R>;
  send: (request: R) => Promise<Sent<A>>;
  /** The values once saved, from the service's answer; without it the form keeps what was typed. */
  saved?: (answer: A) => V;
}

export class SmallForm<V extends object, R, A> {
  readonly #spec: SmallFormSpec<V, R, A>;
  /** Deep $state, made in the constructor. */
  values: V;
  #pristine = $state('');
  #attempted = $state(false);
  get attempted() {
    return this.#attempted;
  }
  #touched = $state<Record<string, boolean>>({});
  get touched() {
    return this.#touched;
  }
  #sending = $state(false);
  get sending() {
    return this.#sending;
  }
  #outcome = $state.raw<FormOutcome<A>>(null);
  get outcome() {
    return this.#outcome;
  }
  /** Counts the starts over: an answer about what was picked before changes nothing the form now shows. */
  #picks = 0;

  readonly #problems = $derived.by(() => this.#spec.problems(this.values));
  /** The problems to show: a field's once it was typed in, all of them after a submit. */
  get errors(): FieldErrors {
    return this.#errors;
  }
  #errors: FieldErrors = $derived.by(() =>
    Object.fromEntries(Object.entries(this.#problems).filter(([field]) => this.attempted || this.touched[field])),
  );
  get dirty(): boolean {
    return JSON.stringify(this.values) !== this.#pristine;
  }

  constructor(spec: SmallFormSpec<V, R, A>, initial: V) {
    this.#spec = spec;
    this.values = $state(initial);
    this.#pristine = JSON.stringify(initial);
  }

  touch = (field: string): void => {
    this.touched[field] = true;
  };

  /** Starts over on other values (another team or schedule was picked): nothing typed, shown or answered yet. */
  reset = (values: V): void => {
    this.#picks += 1;
    this.values = values;
    this.#pristine = JSON.stringify(values);
    this.#attempted = false;
    this.#touched = {};
    this.#outcome = null;
  };

  /** Sends the values when they check out; a press while sending does nothing. */
  submit = async (): Promise<Submitted> => {
    if (this.sending) return 'busy';
    this.#attempted = true;
    const checked = this.#spec.check(this.values);
    if (!checked.ok) {
      this.#outcome = checked.nothingChanged ? { ok: 'same' } : null;
      return checked.nothingChanged ? 'same' : 'invalid';
    }
    this.#sending = true;
    this.#outcome = null;
    const picks = this.#picks;
    const result = await this.#spec.send(checked.request);
    this.#sending = false;
    // Another one was picked meanwhile: nothing shown is about this answer's (and the focus stays where it is).
    if (picks !== this.#picks) return 'busy';
    if (result.ok) {
      const next = this.#spec.saved?.(result.value);
      if (next) {
        this.values = next;
        this.#pristine = JSON.stringify(next);
      }
      this.#outcome = { ok: true, value: result.value };
    } else {
      const unknown = nextStep(result.error.kind) === 'verify';
      this.#outcome = { ok: false, message: result.error.message, unknown };
    }
    return 'answered';
  };
}

/** A small form's window (components/SmallFormPage.svelte): what it is about, picked first, and its form. */
export interface SmallFormScreen<V extends object, R, A> {
  readonly form: SmallForm<V, R, A>;
  /** The select the form opens with (a team, a schedule). */
  readonly picker: { id: string; label: string; options: readonly { value: string; label: string }[] };
  readonly picked: string;
  /** Another one picked: the form starts over on it. */
  choose(value: string): void;
  /** Said instead of the form when there is nothing to pick. */
  readonly nothing: string | undefined;
  /** None while nothing could be sent (a team the service sent without an id). */
  readonly submitLabel: string | undefined;
}
