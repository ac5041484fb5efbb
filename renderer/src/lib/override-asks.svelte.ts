// What the override form asks main while it is filled in: its check of the values (override:check: the request or
// the problem per field, the window's people on call, what the picker ranks for), the preview of the override the
// values make, and who could cover its window. Each follows the form on its own effect (the preview and the ranking
// a short while after the last edit); an answer to an older ask (the values changed meanwhile) is dropped.
import { untrack } from 'svelte';
import type { Candidate, OverridePreview } from '../../../electron/shared/ipc-contract';
import { invoke } from './bridge';
import type { Checked, OverrideCheck, OverrideFormValues } from './override-values';

export type PreviewState = { ok: true; value: OverridePreview } | { ok: false; message: string } | null;

/** Waits this long after the last edit before asking the engine for a preview. */
const PREVIEW_DELAY_MS = 120;
/** Until main's first check comes: nothing to send, no problem to show. */
const PENDING: Checked = { ok: false, errors: {} };

/** What the asks follow, read from the form. */
export type AsksSource = {
  /** The values as typed, a plain copy (each read: every field is followed). */
  values: () => OverrideFormValues;
  /** What else main's check rests on (the state, the clock's tick): read, so a change asks again. */
  rests: () => unknown;
  /** When main last read each schedule: the ranking rests on everyone's shifts, so a new read asks again. */
  reads: () => string;
  /** What main words the preview with: the form's zone and the schedule's name as the form shows it. */
  shown: () => { localZone: string; scheduleName: string };
};

export class OverrideAsks {
  readonly #source: AsksSource;
  // Replaced whole on each answer (never edited in place): raw, no deep proxies.
  /** Main's last check, and the values it is of (as JSON). */
  #check = $state.raw<{ key: string; value: OverrideCheck } | null>(null);
  #preview = $state.raw<PreviewState>(null);
  get preview() {
    return this.#preview;
  }
  /** The request the preview is of, as JSON: until the changed values' preview comes, it is another override's. */
  #previewed = $state('');
  /** Who could cover the window, best first (the engine ranks them from the shifts it read); [] until it answers. */
  #candidates = $state.raw<Candidate[]>([]);
  get candidates() {
    return this.#candidates;
  }
  /** As JSON: a re-check with the same schedule, window and reads (a minute's tick) asks nothing again. */
  readonly #candidatesKey = $derived.by(
    () => JSON.stringify(this.#check?.value.candidates ?? null) + this.#source.reads(),
  );
  #checkSeq = 0;
  #previewSeq = 0;
  #candidatesSeq = 0;

  /** Made while the form's component initialises: the effects live as long as it. */
  constructor(source: AsksSource) {
    this.#source = source;
    $effect(() => {
      void source.rests();
      void this.check(source.values());
    });
    $effect(() => this.#followPreview());
    $effect(() => this.#followCandidates());
  }

  /** Main's check of the values last answered (the problems stay shown while the next is asked). */
  get checked(): Checked {
    return this.#check?.value.checked ?? PENDING;
  }
  /** Who is on call as the window starts (for "take over from"). */
  get onCall() {
    return this.#check?.value.onCall ?? [];
  }
  /** Whether the last check is of the values as they are now. */
  get current(): boolean {
    return this.#check?.key === JSON.stringify(this.#source.values());
  }

  /** Asks main to check these values; its answer is kept while it is of the latest ask. Resolves what it said, or
   *  the words of a failure to ask. */
  async check(values: OverrideFormValues): Promise<Checked | string> {
    const seq = ++this.#checkSeq;
    const localZone = untrack(() => this.#source.shown().localZone);
    const answer = await invoke('override:check', { values, localZone });
    if (!answer.ok) return answer.error.message;
    if (seq === this.#checkSeq) this.#check = { key: JSON.stringify(values), value: answer.value };
    return answer.value.checked;
  }

  /** The preview when it is of the request the values make now, else null. */
  previewOf(checked: Checked): OverridePreview | null {
    const ok = checked.ok && this.preview?.ok === true && this.#previewed === JSON.stringify(checked.request);
    return ok && this.preview?.ok ? this.preview.value : null;
  }

  /** The preview follows the form: the engine resolves the window and whom it replaces from the cached shifts. */
  #followPreview(): (() => void) | undefined {
    const current = this.checked;
    const seq = ++this.#previewSeq;
    if (!current.ok) {
      this.#preview = null;
      return undefined;
    }
    const asked = current.request;
    const shown = this.#source.shown();
    const timer = setTimeout(async () => {
      const answer = await invoke('override:preview', { ...asked, ...shown });
      if (seq !== this.#previewSeq) return;
      this.#previewed = JSON.stringify(asked);
      this.#preview = answer.ok ? { ok: true, value: answer.value } : { ok: false, message: answer.error.message };
    }, PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }

  /** Who could cover follows the schedule and window (not who is chosen): the picker offers them on ↓. */
  #followCandidates(): (() => void) | undefined {
    void this.#candidatesKey;
    const asked = untrack(() => this.#check?.value.candidates);
    const seq = ++this.#candidatesSeq;
    if (!asked) {
      this.#candidates = [];
      return undefined;
    }
    const timer = setTimeout(async () => {
      const ranked = await invoke('override:candidates', asked);
      if (seq === this.#candidatesSeq) this.#candidates = ranked.ok ? ranked.value : [];
    }, PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }
}
