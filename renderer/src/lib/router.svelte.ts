// The current view, from the URL hash; 'navigate' pushes from main change the hash, so Back/forward and
// reloads agree with what main asked for.
import type { ViewName } from '../../../electron/shared/ipc-contract';
import { invoke, onNavigate } from './bridge';
import { hashFor, initialRoute, parseHash, windowKind, type Route } from './route';

// Without a location (main's prerender, in Node) the page is the popover's status view.
const here = typeof location === 'undefined' ? { search: '?window=popover&view=status', hash: '' } : location;
let route = $state.raw<Route>(initialRoute(here.search, here.hash));
const kind = windowKind(here.search);

export const router = {
  get route(): Route {
    return route;
  },
};

/** Replaces the route only when it really changed: a new route remounts the view and would drop what was typed. */
function show(next: Route): void {
  if (hashFor(next.view, next.params) !== hashFor(route.view, route.params)) route = next;
}

export function startRouter(): void {
  addEventListener('hashchange', () => show(parseHash(location.hash)));
  // Main repeats the first view as a 'navigate' once the page has loaded; asking for the view already shown
  // (e.g. "Quick override…" again while a form is half filled) keeps it as it is.
  onNavigate((target) => go(target.view, target.params ?? {}));
}

/** Shows a view in this window. */
export function go(view: ViewName, params: Record<string, string> = {}): void {
  const hash = hashFor(view, params);
  if (location.hash !== hash) location.hash = hash;
  show(parseHash(hash));
}

/**
 * From the status popover, forms open in the quick-action window (main decides where and sends 'navigate');
 * inside the quick-action window, moving between forms stays in place.
 */
export async function open(view: ViewName, params: Record<string, string> = {}): Promise<void> {
  const inPopover = kind === 'popover' || (kind === 'unknown' && route.view === 'status');
  if (!inPopover) return go(view, params);
  await invoke('window:open', { view, params });
}

export function closeWindow(): void {
  void invoke('window:close', null);
}
