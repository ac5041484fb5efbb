// Walks a paginated list. Bounded by maxPages so a server that lies about `total` (or ignores `page`)
// cannot keep us looping; hitting the bound is reported, not silently truncated. A list that ends (an empty page)
// before its `total` is a failure too: taking part of it as all of it would read as gaps and "none pending". A server that ignores `page`
// (the same page again) is caught at once, so it costs two requests, not maxPages.
import { err, ok, type ApiError, type Result } from './errors';
import type { PaginationMeta } from './schemas';

export const PAGE_SIZE = 100;
export const DEFAULT_MAX_PAGES = 50;

/** Where an endless list is reported (`bad_response.path`), so callers can tell it from a broken body. */
export const ENDLESS_LIST_PATH = '$.meta.total';

export interface PageWalk {
  maxPages: number;
  /** Called before each page is asked for: the walk's cost in requests (the sync loop budgets by it). */
  onPage?: () => void;
}

function endlessList(detail: string): ApiError {
  return {
    kind: 'bad_response',
    path: ENDLESS_LIST_PATH,
    message: `The service's list never ended (${detail}), so it could not be read. The app will try again later.`,
  };
}

function shortList(read: number, total: number): ApiError {
  return {
    kind: 'bad_response',
    path: ENDLESS_LIST_PATH,
    message: `The service's list stopped short (${read} of ${total} items), so it could not be read whole. The app will try again later.`,
  };
}

export async function collectAllPages<T>(
  fetchPage: (page: number) => Promise<Result<{ items: T[]; meta: PaginationMeta }>>,
  walk: PageWalk,
): Promise<Result<T[]>> {
  const collected: T[] = [];
  let previous = '';
  for (let page = 1; page <= walk.maxPages; page++) {
    walk.onPage?.();
    const result = await fetchPage(page);
    if (!result.ok) return result;
    const { items, meta } = result.value;
    const text = JSON.stringify(items);
    if (items.length > 0 && text === previous) return err(endlessList(`page ${page} repeated page ${page - 1}`));
    previous = text;
    collected.push(...items);
    if (collected.length >= meta.total) return ok(collected);
    // An empty page before the total is reached: the list stopped short, so what was read is not all of it.
    if (items.length === 0) return err(shortList(collected.length, meta.total));
  }
  return err(endlessList(`still more after ${walk.maxPages} pages`));
}
