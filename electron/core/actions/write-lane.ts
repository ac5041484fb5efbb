// One write at a time per schedule of a service, across every flow (the override form with or without a preview, take
// over, hand back, away items, swap sides): all of them reach one account session's override creator, which runs its
// re-read and its POST in this lane. A write that had to wait behind another one that was sent knows it: its plan was
// made before that write, so it reads the schedule again and sends nothing if that changed what it planned on.

export interface WriteLane {
  /** Runs `op` once every earlier write on the schedule is over; `moved` is true when a write was sent on it meanwhile. */
  run: <T>(scheduleId: string, op: (moved: boolean) => Promise<T>) => Promise<T>;
  /** The write running in the lane left the app (its outcome may change the schedule). */
  sent: (scheduleId: string) => void;
}

export function createWriteLane(): WriteLane {
  const tails = new Map<string, Promise<unknown>>();
  // Writes that were sent, counted as each is over (one in flight when a later write arrives counts for it).
  const sends = new Map<string, number>();
  const running = new Map<string, { sent: boolean }>();
  const count = (id: string) => sends.get(id) ?? 0;
  return {
    run: (scheduleId, op) => {
      const before = count(scheduleId);
      const busy = tails.has(scheduleId);
      const prior = tails.get(scheduleId) ?? Promise.resolve();
      const mine = prior.then(async () => {
        const turn = { sent: false };
        running.set(scheduleId, turn);
        try {
          return await op(busy && count(scheduleId) !== before);
        } finally {
          if (turn.sent) sends.set(scheduleId, count(scheduleId) + 1);
        }
      });
      const tail = mine.then(
        () => undefined,
        () => undefined,
      );
      tails.set(scheduleId, tail);
      void tail.then(() => {
        if (tails.get(scheduleId) === tail) tails.delete(scheduleId);
      });
      return mine;
    },
    sent: (scheduleId) => {
      const turn = running.get(scheduleId);
      if (turn) turn.sent = true;
    },
  };
}
