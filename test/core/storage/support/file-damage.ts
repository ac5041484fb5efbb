// The fault harness's ways to damage a file the app reads back (issue 52), shared by its file cases
// (file-faults.test.ts: the files the engine reads; file-faults-side.test.ts: the alarm, phone and update records).
import type { FileStore } from '../../../../electron/core/ports';

/** A marker no file the app writes holds: it must never reach a service, a calendar, a notification or a notice. */
export const INJECTED = 'Injected';
export const DAMAGES = ['cut short', 'not JSON', 'wrong shape', 'huge', 'unreadable', 'plausible but false'] as const;
export type Damage = (typeof DAMAGES)[number];

/** The text of a file damaged one way; 'unreadable' keeps the valid text (the disk refuses it instead). */
export function damaged(valid: string, falseText: string, damage: Damage): string {
  switch (damage) {
    case 'cut short':
      return valid.slice(0, Math.floor(valid.length / 2));
    case 'not JSON':
      return `${INJECTED}\u0000{`;
    case 'wrong shape':
      return JSON.stringify({ version: 1, events: [INJECTED], items: 3, accounts: 'x', fired: [], alarms: 2 });
    case 'huge':
      // 2.1 MB: over the 1 MB bound of the alarm and phone records, and far over anything the app writes.
      return JSON.stringify({ version: 1, pad: INJECTED.repeat(300_000) });
    case 'unreadable':
      return valid;
    case 'plausible but false':
      return falseText;
  }
}

/** `inner` with one file refused on read, as an unreadable file (EACCES) is. */
export function refusing(inner: FileStore, name: string): FileStore {
  const denied = () => Promise.reject(Object.assign(new Error(`EACCES: open '${name}'`), { code: 'EACCES' }));
  return {
    read: (n) => (n === name ? denied() : inner.read(n)),
    writeAtomic: (n, t) => inner.writeAtomic(n, t),
    backup: (n) => inner.backup(n),
    remove: (n) => inner.remove(n),
  };
}
