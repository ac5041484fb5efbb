// The minute's look at the files the app holds (owed-records.ts, settings-gone.ts) without reading each in full: a
// file exactly as when it was last read holding what the app holds is known by one stat (regular-file.ts), so an
// outside edit, a damaged or older copy put back, or a removal is still noticed within a minute, for the cost of a
// stat while nothing changes. A store that is not on disk (no readUnlessSame) is read in full, as before.
import type { FileStore } from '../ports';

export interface StampedLook {
  /** What `name` holds now; `held` itself, unread, while it is as when last read holding `held`. */
  text(name: string, held: string | undefined): Promise<string | undefined>;
  /** Whether `name` is there now (read only when it changed since last read). */
  there(name: string): Promise<boolean>;
}

export function stampedLook(raw: FileStore): StampedLook {
  /** File name → the stamp of its last read and the text read with it. */
  const stamps = new Map<string, { stamp: string; text: string }>();
  const text = async (name: string, held: string | undefined): Promise<string | undefined> => {
    if (raw.readUnlessSame === undefined) return raw.read(name);
    const last = stamps.get(name);
    // A stamp vouches only for the text read with it: once the app holds another, the file is read again.
    const now = await raw.readUnlessSame(name, last !== undefined && last.text === held ? last.stamp : undefined);
    if (now === 'same') return held;
    if (now.text === undefined || now.stamp === undefined) stamps.delete(name);
    else stamps.set(name, { stamp: now.stamp, text: now.text === held ? held : now.text });
    return now.text;
  };
  return {
    text,
    there: async (name) => (await text(name, stamps.get(name)?.text)) !== undefined,
  };
}
