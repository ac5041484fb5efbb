// Where the focus goes. Keyboard users land on the first thing to do: the element marked data-autofocus, else the
// first field, else the first button that is not the window's own Close; after a submit, on the answer; and never
// behind a bar stuck to the bottom of the window.
import { tick } from 'svelte';

const FIELD = 'input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled])';
const BUTTON = 'button:not([disabled]):not([aria-label="Close window"])';

/** Svelte action: focuses the first field inside `node` once it is on screen. */
export function focusFirst(node: HTMLElement): void {
  requestAnimationFrame(() => {
    if (node.contains(document.activeElement) && document.activeElement !== node) return;
    const target =
      node.querySelector<HTMLElement>('[data-autofocus]') ??
      node.querySelector<HTMLElement>(FIELD) ??
      node.querySelector<HTMLElement>(BUTTON);
    target?.focus();
  });
}

/**
 * After a submit: once the answer is on screen (the next tick), focuses the result note inside `root` (ResultNote,
 * focusable by script), so the focus never drops to <body> and a screen reader reads what happened.
 */
export async function focusResult(root: HTMLElement | undefined): Promise<void> {
  await tick();
  root?.querySelector<HTMLElement>('[data-result]')?.focus();
}

/** Once the page has changed (the next tick), focuses what `selector` finds: a button moved, shown or kept. */
export async function focusSoon(selector: string): Promise<void> {
  await tick();
  document.querySelector<HTMLElement>(selector)?.focus();
}

/**
 * After removing entry `at` of a list, whose button went with it: the focus goes to the next entry's button (or the
 * last one's), else to `fallback`.
 */
export async function focusAfterRemoval(
  list: HTMLElement | undefined,
  buttons: string,
  at: number,
  fallback: HTMLElement | undefined,
): Promise<void> {
  await tick();
  const rest = list?.querySelectorAll<HTMLElement>(buttons) ?? [];
  (rest[Math.min(at, rest.length - 1)] ?? fallback)?.focus();
}

/** After a submit refused for its problems: the first field marked invalid, once it is marked. */
export function focusInvalid(): void {
  requestAnimationFrame(() => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

/** After a small form's submit (lib/small-form.svelte.ts): to its first problem, or to what happened. */
export async function focusAfter(submitted: 'busy' | 'invalid' | 'same' | 'answered', form: HTMLElement | undefined) {
  if (submitted === 'invalid') focusInvalid();
  else if (submitted !== 'busy') await focusResult(form);
}

/**
 * Svelte action for a bar stuck to the window's bottom (Settings' Save bar): what gets the focus scrolls clear of it,
 * never behind it (WCAG 2.4.11), however tall the bar grows.
 */
export function keepFocusClearOf(bar: HTMLElement): { destroy(): void } {
  const root = document.documentElement;
  const fit = (): void => root.style.setProperty('scroll-padding-bottom', `${bar.offsetHeight + 8}px`);
  const observer = new ResizeObserver(fit);
  observer.observe(bar);
  fit();
  return {
    destroy() {
      observer.disconnect();
      root.style.removeProperty('scroll-padding-bottom');
    },
  };
}
