// The popover's measured fold (NowLines.svelte): how many now-lines leave the rest of the glance above the button
// bar. Measured, not counted: a two-line until-when, a ringing alarm, the readiness line, a low window (zoom) or a
// long request leave room for fewer lines. Kept tiny: it is in the popover's first load (35 KB budget).
// NowLines settles the fold from the most lines each time, synchronously before the frame is painted, so the fold is
// the same for a given state and window whatever was on the page before (the part below loading first or last, a
// scrollbar, an earlier narrower fold): measured once, it used to only fold further, and the 3-account problem world
// showed 3 folds on one run and 1 on another.

/** The glance's parts, direct children of the scrolling area, that must end above its visible bottom: the
 *  now-lines, a shift-start alarm (its "I'm on it"), what asks me ("Asks you", its first request and Cover…), then
 *  the problems and "Updated …" (after what asks me: where nothing folds further, at 200 % zoom, they go under). */
const MEASURED = ':scope>:is(.now,.alarm,.asks,.problems,.fresh)';

/**
 * One line fewer than the now-section renders (a fold is a .line too) while a part of the glance runs past the
 * scrolling area's bottom; undefined when all of it fits. Folding all of them into one line each is the floor:
 * past it the count no longer changes the page, so the caller stops (nothing is lost, only behind the fold).
 */
export function linesThatFit(section: HTMLElement): number | undefined {
  const scroll = section.parentElement;
  if (!scroll) return undefined;
  const bottom = scroll.getBoundingClientRect().bottom + 0.5;
  for (const part of scroll.querySelectorAll(MEASURED))
    if (part.getBoundingClientRect().bottom > bottom) return section.querySelectorAll('.line').length - 1;
  return undefined;
}
