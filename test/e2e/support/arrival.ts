// "Once the write is on its way" as an event, not a guessed sleep: the simulator takes a route's fault the moment a
// request of that route has arrived (its body read, before any latency or answer), so a step hooked there runs after
// every read the engine made before that write and before the write is answered.
import type { RouteName } from '../../../electron/simulator/faults';
import type { RunningSimulator } from '../../../electron/simulator/server';

/** Runs `then` once, when the simulator takes its first request of `route` from now on. */
export function whenArrives(sim: RunningSimulator, route: RouteName, then: () => void): void {
  const take = sim.faults.take.bind(sim.faults);
  let done = false;
  sim.faults.take = (name, target) => {
    if (name === route && !done) {
      done = true;
      then();
    }
    return take(name, target);
  };
}
