// Runes for unit tests of the renderer's state classes, compiled like the app's (client runes), loaded by runes.ts.
/// <reference types="svelte" />

/** Makes a state class inside an effect root, as a component would: its $effects run, and stop on destroy(). */
export function inRoot<T>(make: () => T): { value: T; destroy: () => void } {
  let made: { value: T } | undefined;
  const destroy = $effect.root(() => {
    made = { value: make() };
  });
  if (!made) throw new Error('the effect root did not run');
  return { value: made.value, destroy };
}

/** A reactive value, standing for a prop (main's state) or the app's clock: the class under test follows it. */
export function box<T>(initial: T): { value: T } {
  let value = $state.raw(initial);
  return {
    get value() {
      return value;
    },
    set value(next: T) {
      value = next;
    },
  };
}
