// A keep-aside refused because the file no longer holds the text its reader judged (issue 52, the re-land of the
// owed-records retry): a reader read a refused alarms.json, and before it kept that file aside the app's own retry
// had kept it aside (kept-first.ts) and written its record in its place. Keeping that aside copied the app's own
// record and called it unreadable. The store that serialises each file's reads, writes and keep-asides
// (outside-edits.ts) keeps aside only the text judged, else refuses with this, and the reader reads the file again
// (read-back.ts).
export class ChangedSinceReadError extends Error {
  readonly code = 'ECHANGEDSINCEREAD';
  constructor(name: string) {
    super(`${name} changed since it was read: what it holds now is read again before anything is kept aside`);
  }
}

export const isChangedSinceRead = (cause: unknown): cause is ChangedSinceReadError =>
  cause instanceof ChangedSinceReadError;
