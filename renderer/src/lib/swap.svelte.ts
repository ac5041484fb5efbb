// The swap form's state: my block (from the route), the teammates' shifts main offers on a schedule of the same
// account (the same schedule by default; swap:offer, asked again as the state and the clock move) with both blocks
// in its words, the one chosen, Swap (swap:create), and what follows a half-done swap: Retry and "Hand your Tue
// back" (swap:settle), and a check every few seconds while a side's outcome is unknown. Only main decides what
// landed; this shows its answers as they are.
import type { SwapResult } from '../../../electron/shared/handoff';
import type { AppState, ScheduleView } from '../../../electron/shared/view-state';
import { invoke } from './bridge';
import { Settling } from './settling.svelte';
import type { SwapOffer, TheirShift } from '../../../electron/shared/swap-offer';
import type { ScheduleWindow } from '../../../electron/shared/swap-rules';

/** How often a side whose outcome is unknown is looked at again while the form is open. */
export const CHECK_EVERY_MS = 3_000;

/** `shown`: main's answer to the swap (or its last settle), as it is. */
export class SwapState extends Settling<SwapResult> {
  scheduleId = $state('');
  #chosen = $state('');
  get chosen() {
    return this.#chosen;
  }
  #mine: ScheduleWindow;
  #model: () => AppState;

  constructor(model: () => AppState, mine: ScheduleWindow) {
    super(CHECK_EVERY_MS);
    this.#model = model;
    this.#mine = mine;
    this.scheduleId = mine.scheduleId;
    // Opened from the glance's "Swap … half done" line: main's answer for this block, with Retry and Hand back.
    const half = model().halfSwaps?.find(
      (h) => h.result.mine.scheduleId === mine.scheduleId && h.result.mine.start === mine.start,
    );
    if (half) this.show(half.result);
  }
  get mine() {
    return this.#mine;
  }
  get mySchedule(): ScheduleView | undefined {
    return this.#model().schedules.find((s) => s.id === this.#mine.scheduleId);
  }
  /** Schedules of my block's account (a swap is written on each side's own schedule, with one key). */
  get schedules(): ScheduleView[] {
    return this.#model().schedules.filter((s) => s.accountId === this.mySchedule?.accountId);
  }
  /** Main's last answer, and the schedule it is of. */
  #offer = $state<SwapOffer & { of: string }>();
  /** Whether main has answered once (until then nothing is said of the shifts). */
  get answered(): boolean {
    return !!this.#offer;
  }
  /** Main's offer for the chosen schedule: none while another schedule's answer is the last. */
  get offer(): SwapOffer | undefined {
    return this.#offer?.of === this.scheduleId ? this.#offer : undefined;
  }
  /** My block in main's words, with its basis (main's last answer, of whichever schedule). */
  get mineLine(): string {
    return this.#offer?.mine ?? '';
  }
  #asked = 0;
  /** Asks main again (the view does as the state, the clock or the schedule moves); only the newest answer shows. */
  async ask(): Promise<void> {
    const seq = ++this.#asked;
    const of = this.scheduleId;
    const answer = await invoke('swap:offer', { mine: this.#mine, scheduleId: of });
    if (seq === this.#asked && answer.ok) this.#offer = { ...answer.value, of };
  }

  /** Another shift (or '' for none): what was said of the one before (a refusal) is not said of it. */
  choose(key: string): void {
    this.#chosen = key;
    this.problem = '';
  }

  async swap(theirs: TheirShift): Promise<void> {
    this.problem = '';
    await this.answer(
      invoke('swap:create', {
        mine: this.#mine,
        theirs: { scheduleId: this.scheduleId, start: theirs.start, end: theirs.end, email: theirs.email },
      }),
    );
  }

  async settle(action: 'retry' | 'hand-back'): Promise<void> {
    const r = this.shown;
    if (!r) return;
    await this.answer(invoke('swap:settle', { action, mine: r.mine, theirs: r.theirs, back: r.back }));
  }

  /** A side still unknown: looked at again soon (never sent again), until every side is settled. */
  get checking(): boolean {
    const r = this.shown;
    const open = (s: { state: string } | null) => s?.state === 'unknown' || s?.state === 'sending';
    return !!r && (open(r.mine) || open(r.theirs) || open(r.back));
  }

  /** A look is not a request of the user's: the buttons stay as they are meanwhile, and a failed one is no news. */
  protected async look(): Promise<void> {
    const r = this.shown;
    if (!r) return;
    await this.lookAt(invoke('swap:settle', { action: 'check', mine: r.mine, theirs: r.theirs, back: r.back }));
  }
}
