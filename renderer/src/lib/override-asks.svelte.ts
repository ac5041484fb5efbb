// What the override form asks the engine while it is filled in: the preview of the override the values make, and who
// could cover its window. Each follows the form on its own effect, a short while after the last edit; an answer to an
// older ask (the values changed meanwhile) is dropped.
import { untrack } from 'svelte';
import type { Candidate, CandidatesRequest, OverridePreview } from '../../../electron/shared/ipc-contract';
import { invoke } from './bridge';
import type { Checked } from './override-values';

export type PreviewState = { ok: true; value: OverridePreview } | { ok: false; message: string } | null;

/** Waits this long after the last edit before asking the engine for a preview. */
const PREVIEW_DELAY_MS = 120;

/** What the asks follow, read from the form. */
export type AsksSource = {
  /** The values checked: a preview is asked for only of a request that checks out. */
  checked: () => Checked;
  /** The schedule and window to rank people for, if the values name both. */
  candidatesAsk: () => CandidatesRequest | undefined;
  /** As JSON: a re-derivation with the same schedule, window and reads (a minute's tick) asks nothing again. */
  candidatesKey: () => string;
  /** What main words the preview with: the form's zone and the schedule's name as the form shows it. */
  shown: () => { localZone: string; scheduleName: string };
};

export class OverrideAsks {
  readonly #source: AsksSource;
  // Replaced whole on each answer (never edited in place): raw, no deep proxies.
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
  #previewSeq = 0;
  #candidatesSeq = 0;

  /** Made while the form's component initialises: the effects live as long as it. */
  constructor(source: AsksSource) {
    this.#source = source;
    $effect(() => this.#followPreview());
    $effect(() => this.#followCandidates());
  }

  /** The preview when it is of the request the values make now, else null. */
  previewOf(checked: Checked): OverridePreview | null {
    const ok = checked.ok && this.preview?.ok === true && this.#previewed === JSON.stringify(checked.request);
    return ok && this.preview?.ok ? this.preview.value : null;
  }

  /** The preview follows the form: the engine resolves the window and whom it replaces from the cached shifts. */
  #followPreview(): (() => void) | undefined {
    const current = this.#source.checked();
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
    void this.#source.candidatesKey();
    const asked = untrack(() => this.#source.candidatesAsk());
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
