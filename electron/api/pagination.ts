// Walks a paginated list. Bounded by maxPages so a server that lies about `total` (or ignores `page`)
// cannot keep us looping; hitting the bound is reported, not silently truncated.
import { err, ok, type Result } from './errors';
import type { PaginationMeta } from './schemas';

export const PAGE_SIZE = 100;
export const DEFAULT_MAX_PAGES = 50;

export async function collectAllPages<T>(
  fetchPage: (page: number) => Promise<Result<{ items: T[]; meta: PaginationMeta }>>,
  maxPages: number,
): Promise<Result<T[]>> {
  const collected: T[] = [];
  for (let page = 1; page <= maxPages; page++) {
    const result = await fetchPage(page);
    if (!result.ok) return result;
    const { items, meta } = result.value;
    collected.push(...items);
    if (items.length === 0 || collected.length >= meta.total) return ok(collected);
  }
  return err({
    kind: 'bad_response',
    path: '$.meta.total',
    message: `The service kept sending more pages than expected (stopped after ${maxPages}).`,
  });
}
