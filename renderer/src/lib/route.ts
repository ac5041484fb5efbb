// Which view the window shows: the URL hash (#status, #override?scheduleId=…), also set by 'navigate' pushes.
import { ViewNameSchema, type ViewName } from '../../../electron/shared/ipc-contract';

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
  const parsed = ViewNameSchema.safeParse(name);
  if (!parsed.success) return DEFAULT_ROUTE;
  const params: Record<string, string> = {};
  if (q !== -1) new URLSearchParams(body.slice(q + 1)).forEach((value, key) => (params[key] = value));
  return { view: parsed.data, params };
}

export function hashFor(view: ViewName, params: Record<string, string> = {}): string {
  const query = new URLSearchParams(params).toString();
  return query ? `#${view}?${query}` : `#${view}`;
}
