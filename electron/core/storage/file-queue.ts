// Jobs on one file run in order, each after the last ended (worked or not): a write, a retry and a look at the same
// file never interleave (owed-records.ts).
/** One file's jobs in order (writes, retries and looks), so a retry never writes an older text over a newer one. */
export function serialOf(): <T>(name: string, job: () => Promise<T>) => Promise<T> {
  const queues = new Map<string, Promise<unknown>>();
  return (name, job) => {
    const next = (queues.get(name) ?? Promise.resolve()).then(job, job);
    queues.set(
      name,
      next.catch(() => undefined),
    );
    return next;
  };
}
