// The popover as the app paints it (its prerendered status view: the same components the page hydrates), read as
// text, for tests that check what a user reads on every surface.
import { expect } from 'vitest';
import { loadPrerender, type Prerender } from '../../../electron/core/platform/prerender-page';
import type { AppState } from '../../../electron/shared/view-state';
import { ensureRendererBuilt, PRERENDER_FILE } from '../../e2e/support/renderer-build';

let prerender: Prerender | undefined;

/** Call in beforeAll (builds the renderer once if needed). */
export async function loadPopover(): Promise<void> {
  await ensureRendererBuilt();
  // The whole popover (glance and the part mounted after it), as a user reads it once it is up.
  prerender = await loadPrerender(PRERENDER_FILE, 'prerenderStatusWhole');
}

export function textOf(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(p|h1|h2|h3|dt|dd|li|section|div|button)\b[^>]*>/g, '\n')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter((l) => l !== '')
    .join('\n');
}

/** The element that opens at `marker` (an attribute), up to its matching close tag. */
export function elementAt(html: string, marker: string): string {
  const at = html.indexOf(marker);
  if (at < 0) return '';
  const start = html.lastIndexOf('<', at);
  const tag = /^<(\w+)/.exec(html.slice(start))?.[1] ?? 'div';
  const open = new RegExp(`<${tag}\\b|</${tag}>`, 'g');
  open.lastIndex = start;
  let depth = 0;
  for (let m = open.exec(html); m; m = open.exec(html)) {
    depth += m[0].startsWith('</') ? -1 : 1;
    if (depth === 0) return html.slice(start, m.index + m[0].length);
  }
  return html.slice(start);
}

export interface Popover {
  all: string;
  /** The status line at the top: title and detail. */
  me: string;
  /** The "My shifts" list. */
  myShifts: string;
  card(id: string): string;
}

export function popover(state: AppState, nowMs: number, localZone: string): Popover {
  const out = prerender?.({ state, nowMs, locale: 'en-GB', localZone });
  expect(out, 'the popover prerenders').toBeDefined();
  const html = out?.html ?? '';
  return {
    all: textOf(html),
    me: textOf(elementAt(html, 'aria-labelledby="me-heading"')).replace(/^Your status\s*/, ''),
    myShifts: textOf(elementAt(html, 'data-testid="my-shifts"')),
    card: (id) => textOf(elementAt(html, `aria-labelledby="card-${id}"`)),
  };
}
