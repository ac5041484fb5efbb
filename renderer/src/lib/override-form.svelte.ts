// The quick override form's state and actions, for OverrideView to bind to: the values as typed (kept as a draft
// while unsaved), the live check and the engine's preview; sending and its outcome are its OverrideWrite's.
import type { AppState } from '../../../electron/shared/view-state';
import { app } from './app-state.svelte';
import { invoke } from './bridge';
import type { FieldErrors } from './limits';
import { clearDraft, saveDraft, takeDraft } from './override-draft';
import { fieldsFromProblems } from './override-outcome';
import { initialScheduleId, initialValues, whoDefaults, type OverrideFormValues } from './override-values';
import { OverrideWrite } from './override-write.svelte';
import { OverrideAsks } from './override-asks.svelte';
import { submitLabelOf, withAnswered } from './override-request';
import { OverrideFormPlace } from './override-form-place.svelte';
import { hashFor } from './route';
import { myEmailFor } from '../../../electron/shared/people-names';

export class OverrideForm extends OverrideFormPlace {
  /** The draft belongs to this route: another request's shift does not bring it back. */
  readonly #routeKey: string;
  /** The values the form opened with (before any draft), as JSON: "dirty" and "Start over" compare with them. */
  readonly #pristine: string;

  /** Deep $state, made in the constructor: from a draft kept for this route, else from the props. */
  values: OverrideFormValues;
  #restored = $state(false);
  get restored() {
    return this.#restored;
  }
  /** Set by the first submit: field problems show from then on, not while the form is being filled in. */
  #attempted = $state(false);
  get attempted() {
    return this.#attempted;
  }
  #serverErrors = $state<FieldErrors>({});
  get serverErrors() {
    return this.#serverErrors;
  }
  #failureMessage = $state('');
  get failureMessage() {
    return this.#failureMessage;
  }
  /** The engine's preview of the values and who could cover their window, asked for as they change. */
  readonly #asks: OverrideAsks;
  get preview() {
    return this.#asks.preview;
  }
  get candidates() {
    return this.#asks.candidates;
  }
  /** The write in progress or done, and its outcome. */
  readonly write = new OverrideWrite();

  /** Main's check of the values (override:check): the request or the problem per field, asked as they change. */
  get checked() {
    return this.#asks.checked;
  }
  /** Who is on call as the window starts, from main's check. */
  get onCall() {
    return this.#asks.onCall;
  }
  get errors() {
    return this.#errors;
  }
  #errors = $derived({
    ...this.serverErrors,
    ...(this.attempted && !this.checked.ok ? this.checked.errors : {}),
  });
  get dirty(): boolean {
    return JSON.stringify(this.values) !== this.#pristine;
  }
  get nothingToDo(): boolean {
    const p = this.#asks.current ? this.#asks.previewOf(this.checked) : null;
    // Main says so with the preview's words (shared/preview-text.ts): Create is held back only on fresh data.
    return p?.words?.nothingToDo === true;
  }
  get submitLabel(): string {
    const again = this.#asks.current && this.checked.ok && this.write.isRetry(this.checked.request);
    return submitLabelOf(this.write.phase === 'sending', again);
  }

  /** Starts from a draft kept for this route, else from the props as they are when the form opens. */
  constructor(model: () => AppState, params: () => Record<string, string>) {
    super(model, params);
    this.#routeKey = hashFor('override', params());
    const fresh = initialValues(model().schedules, params(), {
      // Me on the schedule the form opens on (one I'm on call on may be another account's than the first listed).
      myEmail: myEmailFor(model(), initialScheduleId(model().schedules, params())),
      nowMs: app.nowMs,
      localZone: this.localZone,
      h24: this.h24,
    });
    this.#pristine = JSON.stringify(fresh);
    const draft = takeDraft(this.#routeKey);
    this.values = $state(draft ?? fresh);
    this.#restored = draft !== undefined && JSON.stringify(draft) !== this.#pristine;
    this.#asks = new OverrideAsks({
      values: () => this.#plain(),
      rests: () => [app.nowMs, this.model()],
      reads: () => JSON.stringify(this.model().schedules.map((s) => s.status)),
      shown: () => this.#shown(),
    });
    // Unsaved input outlives the window: closing it (Esc, ×) keeps the draft for the next time it opens.
    $effect(() => {
      if (this.write.phase === 'editing' && this.dirty) saveDraft(this.values, this.#routeKey);
      else if (!this.dirty) clearDraft();
    });
  }

  /** The values as a plain copy, as main is sent them (each field read, so a change is followed). */
  #plain(): OverrideFormValues {
    return { ...this.values, people: [...this.values.people] };
  }

  protected formValues(): OverrideFormValues {
    return this.values;
  }

  /** What main words the preview and the result with: this form's zone and the schedule's name as it shows it. */
  #shown() {
    return { localZone: this.localZone, scheduleName: this.scheduleName };
  }

  /** Any edit clears what the engine said about the last attempt: it was about other values. */
  edited = (): void => {
    this.#serverErrors = {};
    this.#failureMessage = '';
  };

  scheduleChanged = (): void => {
    this.edited();
    // Who covers follows the schedule unless people were picked by hand.
    const v = this.values;
    const mine = v.who === 'me' || v.suggested || v.people.length === 0;
    const defaults = whoDefaults(
      this.model().schedules.find((s) => s.id === v.scheduleId),
      this.myEmail,
    );
    v.takeOverFrom = defaults.takeOverFrom;
    if (mine) Object.assign(v, { who: defaults.who, people: defaults.people, suggested: defaults.suggested });
  };

  startOver = (): void => {
    this.values = JSON.parse(this.#pristine) as OverrideFormValues;
    this.#restored = false;
    this.#attempted = false;
    this.#serverErrors = {};
    this.#failureMessage = '';
    clearDraft();
  };

  /** Sends the override when the form checks out. Resolves true when a problem is shown, for the focus to go to. */
  async submit(): Promise<boolean> {
    // aria-disabled, not disabled, while sending: a disabled button would drop the focus to <body>.
    if (this.write.phase === 'sending') return false;
    this.#attempted = true;
    this.#failureMessage = '';
    // Main checks the values as they are now (a check of earlier values may still be on its way).
    const checked = await this.#asks.check(this.#plain());
    if (typeof checked === 'string') this.#failureMessage = checked;
    if (typeof checked === 'string' || !checked.ok) return true;
    if (this.nothingToDo) return false;
    // Cover…: the request it answers goes along (override-request.ts).
    const sent = withAnswered(checked.request, this.request?.id, this.params());
    // The engine's "emails.N" is the N-th e-mail sent; none sent stands for me.
    const sentEmails = sent.emails.length > 0 ? sent.emails : [this.myEmail];
    // What the result (and "Check again") says was asked for: the preview of this request, asked now when the one
    // shown is still of the values before the last change.
    const shown = this.#asks.previewOf(checked);
    const refusal = await this.write.send(
      sent,
      async () => {
        if (shown) return shown;
        const answer = await invoke('override:preview', { ...sent, ...this.#shown() });
        return answer.ok ? answer.value : null;
      },
      this.#shown(),
    );
    if (!refusal) {
      clearDraft();
      return false;
    }
    this.#failureMessage = refusal.message;
    if (refusal.problems) this.#serverErrors = fieldsFromProblems(refusal.problems, sentEmails);
    return true;
  }

  another = (): void => {
    this.write.reset();
    this.#attempted = false;
  };
}
