// Which view the window shows: the URL hash (#status, #override?scheduleId=…), also set by 'navigate' pushes.
import type { ViewName } from '../../../electron/shared/ipc-contract';

/** The contract's ViewNameSchema options (a test keeps them equal), without bundling zod. */
export const VIEW_NAMES: readonly ViewName[] = [
  'status',
  'override',
  'coverage',
  'team',
  'chat-group',
  'settings',
  'onboarding',
  'week',
  'away',
  'swap',
];

export function isViewName(value: unknown): value is ViewName {
  return VIEW_NAMES.some((v) => v === value);
}

export interface Route {
  view: ViewName;
  params: Record<string, string>;
}

export const DEFAULT_ROUTE: Route = { view: 'status', params: {} };

/** "#override?scheduleId=sch_1" → { view: 'override', params: { scheduleId: 'sch_1' } }; unknown → status. */
export function parseHash(hash: string): Route {
  const body = hash.replace(/^#/, '');
  const q = body.indexOf('?');
  const name = q === -1 ? body : body.slice(0, q);
  if (!isViewName(name)) return DEFAULT_ROUTE;
  const params: Record<string, string> = {};
  if (q !== -1) new URLSearchParams(body.slice(q + 1)).forEach((value, key) => (params[key] = value));
  return { view: name, params };
}

export function hashFor(view: ViewName, params: Record<string, string> = {}): string {
  const query = new URLSearchParams(params).toString();
  return query ? `#${view}?${query}` : `#${view}`;
}

/**
 * The first route: the hash when there is one, else main's query (`?window=popover&view=status`, the first view
 * rides there for the first paint). `window` is not a view parameter and is left out.
 */
export function initialRoute(search: string, hash: string): Route {
  if (hash.replace(/^#/, '') !== '') return parseHash(hash);
  const query = new URLSearchParams(search);
  const view = query.get('view');
  query.delete('view');
  query.delete('window');
  return view && isViewName(view) ? parseHash(hashFor(view, Object.fromEntries(query))) : DEFAULT_ROUTE;
}

/** Which of main's windows this page is in: the tray popover, the quick-action window, the shift-start alarm, or
 *  unknown (tests). */
export function windowKind(search: string): 'popover' | 'action' | 'alarm' | 'unknown' {
  const kind = new URLSearchParams(search).get('window');
  return kind === 'popover' || kind === 'action' || kind === 'alarm' ? kind : 'unknown';
}
