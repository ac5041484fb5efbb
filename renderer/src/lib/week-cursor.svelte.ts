// The week timeline's keyboard cursor (WeekTimeline.svelte): which segment is chosen (by default the one at now on
// the first row), how the arrows, Home and End move it (up and down keep the time), and the quick override a
// chosen segment offers.
import { overridable, segmentOverride } from './segment-override';
import type { TimelineModel, TimelineSegment } from './timeline';

export interface CursorAt {
  /** Row and segment index, clamped to what the week holds. */
  r: number;
  c: number;
  seg: TimelineSegment | undefined;
  /** The row's schedule name. */
  name: string;
  /** The row's own mark beside it (" · saved data from 13:35", or ''): the caption states the segment with the basis
   *  the row label and the list carry (adv47 r14 #3). */
  savedMark: string;
}

/** The index of the segment holding `ms` in a row, else 0. */
const indexAt = (segs: readonly TimelineSegment[], ms: number): number =>
  Math.max(
    0,
    segs.findIndex((s) => s.startMs <= ms && ms < s.endMs),
  );

export class WeekCursor {
  readonly #week: () => TimelineModel;
  #row = $state(0);
  #col = $state(-1);
  /** The timeline has the keyboard focus: the chosen segment is ringed. */
  focused = $state(false);

  /** The segment shown: the chosen one, else the one at now on the first row. */
  get at(): CursorAt {
    return this.#at;
  }
  #at: CursorAt = $derived.by(() => {
    const week = this.#week();
    const r = Math.min(this.#row, week.rows.length - 1);
    const segs = week.rows[r]?.segments ?? [];
    const c = this.#col >= 0 ? Math.min(this.#col, segs.length - 1) : indexAt(segs, week.nowMs);
    const row = week.rows[r];
    return { r, c, seg: segs[c], name: row?.name ?? '', savedMark: row?.savedMark ?? '' };
  });

  constructor(week: () => TimelineModel) {
    this.#week = week;
  }

  /** Whether the chosen segment can be overridden. */
  get canOverride(): boolean {
    return overridable(this.at.seg, this.#week().nowMs);
  }

  /** The override view's params for the chosen segment: its window, from the next minute when it is running. */
  overrideParams(): Record<string, string> | undefined {
    const week = this.#week();
    return segmentOverride(week.rows[this.at.r]?.id, this.at.seg, week.nowMs);
  }

  /** Moves the cursor for an arrow key, Home or End; false for any other key or an empty week. */
  move(key: string): boolean {
    const week = this.#week();
    const rows = week.rows.length;
    if (rows === 0) return false;
    const len = (r: number) => week.rows[r]?.segments.length ?? 0;
    const { seg } = this.at;
    let { r, c } = this.at;
    if (key === 'ArrowRight') c = Math.min(c + 1, len(r) - 1);
    else if (key === 'ArrowLeft') c = Math.max(c - 1, 0);
    else if (key === 'Home') c = 0;
    else if (key === 'End') c = len(r) - 1;
    else if (key === 'ArrowDown' || key === 'ArrowUp') {
      const t = seg ? (Math.max(seg.startMs, week.startMs) + Math.min(seg.endMs, week.endMs)) / 2 : week.nowMs;
      r = key === 'ArrowDown' ? Math.min(r + 1, rows - 1) : Math.max(r - 1, 0);
      // The segment at the same time on the other row.
      c = indexAt(week.rows[r]?.segments ?? [], t);
    } else return false;
    this.#row = r;
    this.#col = c;
    return true;
  }
}
