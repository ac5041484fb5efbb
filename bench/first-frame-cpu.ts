// The CPU a page's first frame costs its renderer, read from a Chromium trace: thread time (tdur), which does not
// grow with machine load the way the paint times of bench/renderer.ts do. From the page's navigation start to its
// first contentful paint: every top-level task of the renderer's main thread (commit, parse, style, layout, paint,
// scripts) and the raster tasks of its workers. A page that does more before its first frame costs more here on any
// machine; the paint-time ratio says the same plus the machine's load.
import { z } from 'zod';

export interface FrameCpu {
  /** Main thread and raster together: the work on the way to the first frame. */
  totalMs: number;
  mainMs: number;
  rasterMs: number;
  parseMs: number;
  styleMs: number;
  layoutMs: number;
  paintMs: number;
}

/** The categories frameCpu needs (Playwright's browser.startTracing). */
export const FRAME_CPU_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'loading',
  'toplevel',
  'blink.user_timing',
];

const EventSchema = z.object({
  name: z.string(),
  ph: z.string(),
  ts: z.number(),
  pid: z.number(),
  tid: z.number(),
  dur: z.number().optional(),
  tdur: z.number().optional(),
  args: z.object({ data: z.object({ documentLoaderURL: z.string().optional() }).optional() }).optional(),
});
type TraceEvent = z.infer<typeof EventSchema>;
const TraceSchema = z.object({ traceEvents: z.array(z.unknown()) });

function events(trace: string): TraceEvent[] {
  let json: unknown;
  try {
    json = JSON.parse(trace);
  } catch {
    return [];
  }
  const parsed = TraceSchema.safeParse(json);
  if (!parsed.success) return [];
  return parsed.data.traceEvents.flatMap((e) => {
    const event = EventSchema.safeParse(e);
    return event.success ? [event.data] : [];
  });
}

/** Thread time of the outermost events of that name (a nested one of the same name is inside its parent's). */
function outermostMs(list: TraceEvent[], name: string): number {
  const named = list.filter((e) => e.name === name && e.ph === 'X');
  const inside = (e: TraceEvent, o: TraceEvent): boolean =>
    o !== e && o.tid === e.tid && o.ts <= e.ts && o.ts + (o.dur ?? 0) >= e.ts + (e.dur ?? 0);
  const outer = named.filter((e) => !named.some((o) => inside(e, o)));
  return outer.reduce((sum, e) => sum + (e.tdur ?? e.dur ?? 0) / 1000, 0);
}

/** The first frame's CPU in the trace of one page load over http; undefined when it holds no such frame. */
export function frameCpu(trace: string): FrameCpu | undefined {
  const all = events(trace);
  const fcp = all.filter((e) => e.name === 'firstContentfulPaint').at(-1);
  if (!fcp) return undefined;
  const start = all
    .filter((e) => e.name === 'navigationStart' && e.pid === fcp.pid && e.ts <= fcp.ts)
    .filter((e) => /^https?:/.test(e.args?.data?.documentLoaderURL ?? ''))
    .at(-1);
  if (!start) return undefined;
  const renderer = all.filter((e) => e.pid === fcp.pid && e.ph === 'X' && e.ts >= start.ts && e.ts < fcp.ts);
  const main = renderer.filter((e) => e.tid === fcp.tid);
  const mainMs = outermostMs(main, 'ThreadControllerImpl::RunTask');
  const rasterMs = outermostMs(renderer, 'RasterTask');
  return {
    totalMs: mainMs + rasterMs,
    mainMs,
    rasterMs,
    parseMs: outermostMs(main, 'ParseHTML'),
    styleMs: outermostMs(main, 'UpdateLayoutTree'),
    layoutMs: outermostMs(main, 'Layout'),
    paintMs: outermostMs(main, 'Paint'),
  };
}
