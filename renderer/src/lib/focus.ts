// Keyboard users land on the first thing to do: the element marked data-autofocus, else the first field.
const FOCUSABLE = '[data-autofocus], input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled]), button:not([disabled])';

/** Svelte action: focuses the first field inside `node` once it is on screen. */
export function focusFirst(node: HTMLElement): void {
  requestAnimationFrame(() => {
    if (node.contains(document.activeElement) && document.activeElement !== node) return;
    const marked = node.querySelector<HTMLElement>('[data-autofocus]');
    (marked ?? node.querySelector<HTMLElement>(FOCUSABLE))?.focus();
  });
}
