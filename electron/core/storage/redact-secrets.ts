// What a backup (`<file>.bad-<time>`) may hold: everything of the file for recovery, except secrets. A refused file is
// kept aside as text, often cut short or not JSON at all, so this works on the text, not on a parse: the value of
// every token-like field ("token", "feedToken", "apiKey", "secret", "password", …) is masked, and so is what a web
// address carries besides the address (user info, query, fragment: where keys ride). A key or token that reached a
// backup would outlive its rotation and travel with the file when a user shares it to get help.

/** Field names whose value is a secret. A bare "key" is not one: reminders and records name their entries so. */
const SECRET_FIELD = /token|secret|passw|api_?key|access_?key|private_?key|credential|authori[sz]ation|cookie|bearer/i;

/** A JSON string, possibly cut short at the end of the text (a truncated file). */
// Unrolled ([^"\\]* runs between escapes), so a string of megabytes is one step, not one backtrack frame per character.
const STRING = String.raw`"([^"\\]*(?:\\.[^"\\]*)*)("|$)`;
const FIELD = new RegExp(`${STRING}(\\s*:\\s*)${STRING}`, 'g');

/** An http(s) address inside a string: its user info, and its query and fragment. */
const URL_USERINFO = /(https?:\/\/)[^\s"/@?#]*@/gi;
const URL_TAIL = /(https?:\/\/[^\s"?#]*)[?#][^\s"]*/gi;

export const MASK = '(removed: a secret is never kept in a backup)';

/** The text with every secret masked; the same text when it holds none. */
export function redactSecrets(text: string): string {
  const fields = text.replace(FIELD, (whole, name: string, close: string, colon: string, value: string, end: string) =>
    SECRET_FIELD.test(name) && value !== '' ? `"${name}${close}${colon}"${MASK}${end}` : whole,
  );
  return fields.replace(URL_USERINFO, '$1').replace(URL_TAIL, '$1');
}
