// One override write and what came back: sending, the outcome (read back from the service once created), and for
// an outcome nobody knows, "Check again" against a refreshed schedule. OverrideForm owns one, for its button and
// for OverrideResult.
import type {
  OverrideOutcome,
  OverridePreview,
  OverrideRequest,
  OverrideView,
} from '../../../electron/shared/ipc-contract';
import type { Shown } from '../../../electron/shared/action-schemas';
import { nextStep } from '../../../electron/shared/next-step';
import { CANNOT_TELL_TEXT } from '../../../electron/shared/recheck-words';
import { invoke } from './bridge';
import type { Recheck } from './override-outcome';

/** Nothing was created and the form stays: why, and (when the service refused the request itself) per field. */
export interface Refusal {
  message: string;
  problems?: ReadonlyArray<{ field: string; message: string }>;
}

export class OverrideWrite {
  #phase = $state<'editing' | 'sending' | 'done'>('editing');
  get phase() {
    return this.#phase;
  }
  // Snapshots replaced whole (never edited in place): raw, no deep proxies.
  #outcome = $state.raw<OverrideOutcome | null>(null);
  get outcome() {
    return this.#outcome;
  }
  /** The override as read back from the service after creating it. */
  #fetched = $state.raw<OverrideView | null>(null);
  get fetched() {
    return this.#fetched;
  }
  /** What was asked for, as previewed when it was sent. */
  #sentPreview = $state.raw<OverridePreview | null>(null);
  get sentPreview() {
    return this.#sentPreview;
  }
  #recheck = $state.raw<Recheck | null>(null);
  get recheck() {
    return this.#recheck;
  }
  /** The request whose answer was "most likely not saved": sent again as is, the core looks at the schedule first. */
  #notSavedRequest = $state<string | null>(null);
  #scheduleId = '';

  /** Whether this is the request last answered "most likely not saved" (the button then offers to create it again). */
  isRetry(request: OverrideRequest): boolean {
    return this.#notSavedRequest !== null && JSON.stringify(request) === this.#notSavedRequest;
  }

  /** Sends the request, after its preview (what the outcome says was asked for; asked before the write, which
   *  would change it); resolves the refusal when nothing was created, else undefined (the outcome is shown). */
  async send(
    request: OverrideRequest,
    preview: () => Promise<OverridePreview | null>,
    shown: Shown,
  ): Promise<Refusal | undefined> {
    this.#phase = 'sending';
    this.#scheduleId = request.scheduleId;
    this.#sentPreview = await preview();
    // Whom the preview said it replaces: main re-reads the window first and sends nothing if that changed meanwhile.
    // And the window it showed: a "rest of current shift" that ends elsewhere now is said, not written.
    const seen = this.sentPreview;
    // With what main words the result with (the form's zone and schedule name).
    const answer = await invoke(
      'override:create',
      seen
        ? {
            ...request,
            ...shown,
            replaces: seen.replaces.map((p) => p.email),
            // Who it showed at each instant: a manager's change inside the window is said, not written over.
            previewed: { start: seen.start, end: seen.end, ...(seen.held ? { held: seen.held } : {}) },
          }
        : { ...request, ...shown },
    );
    // A failure that may follow a sent write (an answer lost on its way back) is an unknown outcome, with "Check
    // again", not "Not created": creating it again could make a second override.
    if (!answer.ok && nextStep(answer.error.kind) !== 'verify') {
      this.#phase = 'editing';
      return { message: answer.error.message, problems: answer.error.problems ?? [] };
    }
    const value: OverrideOutcome = answer.ok ? answer.value : { status: 'unknown', message: answer.error.message };
    this.#outcome = value;
    this.#notSavedRequest = value.status === 'not_created' ? JSON.stringify(request) : null;
    if (value.status === 'created') await this.#fetchBack(value.override, shown);
    this.#phase = value.status === 'not_created' ? 'editing' : 'done';
    return value.status === 'not_created' ? { message: value.message } : undefined;
  }

  async #fetchBack(created: OverrideView, shown: Shown): Promise<void> {
    const read = await invoke('override:get', { scheduleId: created.scheduleId, overrideId: created.id, ...shown });
    this.#fetched = read.ok ? read.value : created;
  }

  /** Main refreshes the schedules, then says whether the schedule shows the override (a hint only). */
  checkAgain = async (): Promise<void> => {
    this.#recheck = { state: 'checking', text: 'Refreshing the schedule…' };
    const p = this.sentPreview;
    const answer = p
      ? await invoke('override:recheck', {
          scheduleId: this.#scheduleId,
          start: p.start,
          end: p.end,
          covering: p.covering,
        })
      : await invoke('sync:refresh', null);
    if (!answer.ok) this.#recheck = { state: 'failed', text: answer.error.message };
    else this.#recheck = answer.value ?? { state: 'cannot_tell', text: CANNOT_TELL_TEXT };
  };

  /** Back to the form for another override. */
  reset(): void {
    this.#phase = 'editing';
    this.#outcome = null;
    this.#fetched = null;
    this.#recheck = null;
  }
}
