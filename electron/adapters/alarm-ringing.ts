// Which alarm the alarm windows show, as plain data (no Electron), so it is tested in Node: alarms that ring at the
// same time wait in order (one set of windows, one sound), a refresh of the one shown goes to its page, and each
// rings for at most its limit (10 min; "Test the alarm" 5 s), after which its windows close.
import type { AlarmView } from '../shared/alarm-view';

export const RING_LIMIT_MS = 10 * 60_000;
export const TEST_RING_MS = 5_000;

export const ringLimitMs = (view: AlarmView): number => (view.test ? TEST_RING_MS : RING_LIMIT_MS);

/** What the adapter does after a change: open the windows for a view, send the open ones a new view, close them. */
export type RingStep = { kind: 'open'; view: AlarmView } | { kind: 'refresh'; view: AlarmView } | { kind: 'close' };

interface Ringing {
  view: AlarmView;
  untilMs: number;
}

export class RingingAlarms {
  private queue: Ringing[] = [];

  /** The alarm on screen (the first in the queue), or null. */
  current(): AlarmView | null {
    return this.queue[0]?.view ?? null;
  }

  /** A new alarm waits behind the one shown; the one shown again is refreshed, its ring limit counted anew. */
  show(view: AlarmView, nowMs: number): RingStep[] {
    const at = this.queue.findIndex((r) => r.view.key === view.key);
    const ringing = { view, untilMs: nowMs + ringLimitMs(view) };
    if (at === -1) this.queue.push(ringing);
    else this.queue[at] = ringing;
    if (this.queue[0] !== ringing) return [];
    return [{ kind: at === 0 ? 'refresh' : 'open', view }];
  }

  /** Closes one alarm; when it was the one shown, the next one waiting opens. */
  close(key: string): RingStep[] {
    const at = this.queue.findIndex((r) => r.view.key === key);
    if (at === -1) return [];
    this.queue.splice(at, 1);
    if (at !== 0) return [];
    const next = this.queue[0];
    return next ? [{ kind: 'close' }, { kind: 'open', view: next.view }] : [{ kind: 'close' }];
  }

  /** When the next ring limit is reached (for one timer), or undefined when nothing rings. */
  nextDeadlineMs(): number | undefined {
    const limits = this.queue.map((r) => r.untilMs);
    return limits.length > 0 ? Math.min(...limits) : undefined;
  }

  /** Closes every alarm that has rung its limit by `nowMs`. */
  expire(nowMs: number): RingStep[] {
    return this.queue.filter((r) => r.untilMs <= nowMs).flatMap((r) => this.close(r.view.key));
  }
}
