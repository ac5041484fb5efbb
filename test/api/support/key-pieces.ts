// The leak check of issue 19: does any run of 8 or more characters of the key show in a text, also when the run is
// split by whitespace, zero-width or other invisible characters and line breaks, or written in another case? Written
// independently of electron/api/scrub.ts, so the scrubber is not judged by itself.

export const PIECE = 8;

const INVISIBLE = /[\s\p{Cf}\p{Cc}\p{M}]/gu;

/** The key's 8-character pieces found in `text` (empty when none). */
export function keyPieces(text: string, key: string): string[] {
  const visible = text.replace(INVISIBLE, '').toLowerCase();
  const found: string[] = [];
  for (let i = 0; i + PIECE <= key.length; i++) {
    const piece = key.slice(i, i + PIECE);
    if (visible.includes(piece.toLowerCase())) found.push(piece);
  }
  return found;
}

/** Every string in a JSON-like value (object keys too), so escapes such as "\n" are judged as the text they stand for. */
export function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([k, v]) => [k, ...stringsOf(v)]);
  return [];
}

/** Each leak as "where: text" (long texts cut), for a readable failure; `where` names the output. */
export function leaks(where: string, value: unknown, key: string): string[] {
  const shown = (text: string): string => JSON.stringify(text.length > 160 ? `${text.slice(0, 160)}…` : text);
  return stringsOf(value).flatMap((text) => {
    const pieces = keyPieces(text, key);
    return pieces.length > 0
      ? [`${where}: ${text.length > 160 ? `pieces ${pieces.join(' ')} in ` : ''}${shown(text)}`]
      : [];
  });
}
