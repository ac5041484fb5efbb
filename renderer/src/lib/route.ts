// Which view the window shows: the URL hash (#status, #override?scheduleId=…), also set by 'navigate' pushes.
import type { ViewName } from '../../../electron/shared/ipc-contract';

/** The contract's ViewNameSchema options (a test keeps them equal), without bundling zod. */
export const VIEW_NAMES: readonly ViewName[] = ['status', 'override', 'coverage', 'team', 'chat-group', 'settings', 'onboarding'];

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
