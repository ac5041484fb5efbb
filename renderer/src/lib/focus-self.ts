// The status popover's first focus (StatusView.svelte), in the popover's first load (35 KB budget).

/** Opening the popover focuses the page itself, not a button (Enter must not refresh); the empty state's one action excepted. */
export function focusSelf(node: HTMLElement): void {
  requestAnimationFrame(() => {
    if (node.contains(document.activeElement) && document.activeElement !== node) return;
    (node.querySelector<HTMLElement>('[data-autofocus]') ?? node).focus({ preventScroll: true });
  });
}
