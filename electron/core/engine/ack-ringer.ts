// Which of several accounts on one service a start rang through, for `status --ack`: the app's own rule
// (startRinger, the first watcher neither muted nor paused), over the accounts as saved, so the terminal names the
// account the notification, the tray and the phone named (adv50 r8 #4: it named a muted first account).
import type { AlarmKnowledge } from '../alarm/alarm-claims';
import { startRinger } from '../readiness/silenced';

export const ringerOfKnown =
  (known: readonly AlarmKnowledge[]) =>
  (watcherIds: readonly string[], atMs: number): string | undefined =>
    startRinger(
      known.flatMap((k) => (k.account ? [k.account] : [])),
      watcherIds,
      atMs,
    )?.id;
