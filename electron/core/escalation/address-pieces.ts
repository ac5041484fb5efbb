// A webhook's address is its credential, and not only as a whole: a receiver that refuses may echo any part of it
// (n8n's 404 names the path without `/webhook/`, another the path without its leading `/`, a query value, the
// URL-encoded form, JSON's `\/`). So every part beyond the host is a secret of its own (adv50 r19 #1), and one
// function (secret.ts `redact`) masks them all wherever a secret that is an address is redacted.

/** A piece shorter than this is not masked on its own: it can't hold a secret worth the name, and masking it would
 *  eat the words of the answer ("error", "404"). It is still masked inside a longer run of the path. */
export const MIN_PIECE_CHARS = 6;
/** Runs of up to this many segments are masked whole (a longer run is covered by its segments and shorter runs:
 *  what may stay between two masks is shorter than MIN_PIECE_CHARS); bounded, since a 2 KB path has many runs. */
const MAX_RUN_SEGMENTS = 4;

const decoded = (s: string): string => {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
};

/** The forms a piece may be echoed in: as sent, decoded, encoded again, and with JSON's escaped slash. */
function formsOf(piece: string): string[] {
  const plain = decoded(piece);
  const all = [piece, plain, encodeURIComponent(plain), encodeURI(plain)];
  return [...all, ...all.map((p) => p.replace(/\//g, '\\/'))];
}

/** Every run of consecutive path segments (one to MAX_RUN_SEGMENTS, and the whole path), with and without its
 *  leading slash. */
function runsOf(pathname: string): string[] {
  const segments = pathname.split('/').filter((s) => s.length > 0);
  const runs = [segments.join('/')];
  for (let i = 0; i < segments.length; i++)
    for (let j = i + 1; j <= Math.min(segments.length, i + MAX_RUN_SEGMENTS); j++)
      runs.push(segments.slice(i, j).join('/'));
  return runs.flatMap((r) => [r, `/${r}`]);
}

/** Each query pair, its key and its value, and the query and fragment whole. */
function queryPieces(u: URL): string[] {
  const raw = u.search.slice(1).split('&');
  return [u.search.slice(1), u.hash.slice(1), ...raw, ...raw.flatMap((p) => p.split('='))];
}

/** The secret pieces of an http(s) address (longest first), or undefined when it is not one. */
export function addressPieces(address: string): string[] | undefined {
  let u: URL;
  try {
    u = new URL(address);
  } catch {
    return undefined;
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return undefined;
  const pieces = [address, u.username, u.password, ...runsOf(u.pathname), ...queryPieces(u)];
  const all = new Set(pieces.flatMap(formsOf).filter((p) => p.length >= MIN_PIECE_CHARS));
  return [...all].sort((a, b) => b.length - a.length);
}
