// The swap form's words for the two blocks it states (main words them on swap:offer, SwapView.svelte shows them;
// the text registry reads them):
// "Your shift: … · Sun 17:35 – Tue 13:35" and the preview "Erin covers your …" / "You cover Erin's …". Each block
// carries its basis in the one wording every surface uses (" (saved data from 13:34)", shared/basis.ts): the form
// is where a write is decided, and My shifts and the week mark the same block saved (issue 47, round 14 #1).
import { basisMark, viewBasis, type Basis } from './basis';
import { formatDayTime, formatWindow } from './format';
import type { AppState } from './view-state';

/** How the form formats: the renderer's clock, locale and zone (the app's own: main's). */
interface FormatContext {
  nowMs: number;
  locale: string;
  localZone?: string;
}

/** A block on a schedule, as the form has it (mine from the route, theirs as offered). */
export interface SwapBlock {
  scheduleId: string;
  start: string;
  end: string;
}

export interface SwapWords {
  /** The window as the form words it (local times, plus the schedule's own where its zone differs). */
  windowText: (start: string, end: string, scheduleId: string) => string;
  /** An instant as every surface words it (a day and time in the local zone). */
  time: (iso: string) => string;
}

/** The form's words for windows and instants, here and not in SwapView.svelte so the registry words them alike. */
export function swapWords(state: Pick<AppState, 'schedules'>, ctx: FormatContext): SwapWords {
  return {
    windowText: (start, end, scheduleId) => {
      const zone = state.schedules.find((s) => s.id === scheduleId)?.timeZone;
      return formatWindow(start, end, { ...ctx, ...(zone ? { scheduleZone: zone } : {}) });
    },
    time: (iso) => formatDayTime(iso, ctx),
  };
}

export interface SwapLines {
  /** "Sun 17:35 – Tue 13:35 (saved data from 13:34)": after "Your shift: Platform primary · ". */
  mine: string;
  /** "Tue 03:35 – Wed 03:35": their block, with its basis where it isn't fresh. */
  theirs: string;
  /** What each block rests on. */
  mineBasis: Basis;
  theirsBasis: Basis;
}

/** What a block rests on: my block as My shifts has it (the same basis), else its schedule's read over it. */
export function swapBasis(state: AppState, b: SwapBlock): Basis {
  const listed = state.me.shifts.find((m) => m.scheduleId === b.scheduleId && m.start === b.start && m.end === b.end);
  if (listed) return listed.basis;
  const s = state.schedules.find((x) => x.id === b.scheduleId);
  if (!s) return { kind: 'unknown', why: 'not_read' };
  return viewBasis(s, Date.parse(b.start), Date.parse(b.end));
}

const blockText = (state: AppState, b: SwapBlock, w: SwapWords): { text: string; basis: Basis } => {
  const basis = swapBasis(state, b);
  return { text: `${w.windowText(b.start, b.end, b.scheduleId)}${basisMark(basis, w.time)}`, basis };
};

/** Both blocks in words, each with its basis. */
export function swapLines(state: AppState, mine: SwapBlock, theirs: SwapBlock | undefined, w: SwapWords): SwapLines {
  const m = blockText(state, mine, w);
  const t = theirs ? blockText(state, theirs, w) : { text: '', basis: m.basis };
  return { mine: m.text, theirs: t.text, mineBasis: m.basis, theirsBasis: t.basis };
}

/** The preview's two sentences in plain text (the form shows the names strong): "Erin covers your …." */
export function swapPreviewText(name: string, lines: SwapLines): { coversYours: string; youCover: string } {
  return { coversYours: `${name} covers your ${lines.mine}.`, youCover: `You cover ${name}’s ${lines.theirs}.` };
}
