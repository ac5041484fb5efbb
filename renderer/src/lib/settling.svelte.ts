// A write main may still be settling (a swap, away mode's hand-off): main's answer as it is, busy while a request is
// out, the problem when one fails, and while a part's outcome is unknown (or being sent), a look every few seconds
// (never a send) until everything is settled, so "checking…" turns into the truth without a click.

type Answer<T> = { ok: true; value: T } | { ok: false; error: { message: string } };

export abstract class Settling<T> {
  /** Main's last answer, replaced whole. */
  #shown = $state.raw<T | null>(null);
  get shown() {
    return this.#shown;
  }
  #busy = $state(false);
  get busy() {
    return this.#busy;
  }
  problem = $state('');
  #timer: ReturnType<typeof setTimeout> | undefined;
  readonly #everyMs: number;

  /** Whether a part of what is shown is still unknown or being sent. */
  abstract get checking(): boolean;
  /** Asks main again what it knows now (never sends). */
  protected abstract look(): Promise<void>;

  constructor(everyMs: number) {
    this.#everyMs = everyMs;
  }

  /** Shows main's answer (busy meanwhile, unless it is only a look), or why it failed; true when it answered. */
  protected async answer(asked: Promise<Answer<T>>, busy = true): Promise<boolean> {
    if (busy) this.#busy = true;
    const answer = await asked;
    if (busy) this.#busy = false;
    if (answer.ok) this.show(answer.value);
    else {
      this.problem = answer.error.message;
      this.keepLooking();
    }
    return answer.ok;
  }

  /** A look main did not answer says nothing new: what is shown stays, and the next look still comes. */
  protected async lookAt(asked: Promise<Answer<T>>): Promise<void> {
    const answer = await asked;
    if (answer.ok) this.show(answer.value);
    else this.keepLooking();
  }

  protected show(value: T): void {
    this.#shown = value;
    this.keepLooking();
  }

  /** A failure changes what is said, never the loop: while a part is unknown, the next look stays planned. */
  private keepLooking(): void {
    clearTimeout(this.#timer);
    if (this.checking) this.later();
  }

  /** The next look, in a few seconds. */
  protected later(): void {
    this.#timer = setTimeout(() => void this.look(), this.#everyMs);
  }

  stop(): void {
    clearTimeout(this.#timer);
  }
}
