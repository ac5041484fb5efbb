// A keep-aside refused because the file holds exactly what the app itself last wrote there (issue 52, the re-land of
// the owed-records retry): a reader read a refused file, and before it kept that file aside the app's own retry had
// kept it aside and written its record in its place. Keeping that record aside would copy the app's own record and
// call it unreadable; the file store that knows what the app last wrote (outside-edits.ts) refuses it with this, and
// the reader reads the file again (read-back.ts).
export class OwnWriteError extends Error {
  readonly code = 'EOWNWRITE';
  constructor(name: string) {
    super(`${name} holds what the app last wrote: nothing to keep aside`);
  }
}

export const isOwnWrite = (cause: unknown): cause is OwnWriteError => cause instanceof OwnWriteError;
