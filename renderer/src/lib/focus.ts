// Keyboard users land on the first thing to do: the element marked data-autofocus, else the first field, else
// the first button that is not the window's own Close.
const FIELD = 'input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled])';
const BUTTON = 'button:not([disabled]):not([aria-label="Close window"])';

/** Svelte action: focuses the first field inside `node` once it is on screen. */
export function focusFirst(node: HTMLElement): void {
  requestAnimationFrame(() => {
    if (node.contains(document.activeElement) && document.activeElement !== node) return;
    const target = node.querySelector<HTMLElement>('[data-autofocus]') ?? node.querySelector<HTMLElement>(FIELD) ?? node.querySelector<HTMLElement>(BUTTON);
    target?.focus();
  });
}
