// The popover's More menu items and what they do (MoreMenu, loaded just after the glance): kept out of the popover's
// first load (35 KB budget, test/e2e/bundle-size.test.ts), so they live here rather than on StatusViewState.
import type { StatusPorts, StatusViewState } from './status-view.svelte';
import type { Invoke } from './ports';

export interface MoreItem {
  label: string;
  run: () => void;
}

/** The hand-off text for chat, copied by main (the page itself may not write the clipboard): said under the bar. */
export async function copySummary(view: StatusViewState, invoke: Invoke): Promise<void> {
  const result = await invoke('summary:copy', null);
  view.copied = result.ok ? { ok: true, text: 'On-call summary copied.' } : { ok: false, text: result.error.message };
}

export const moreItems = (view: StatusViewState, { invoke, open }: StatusPorts): MoreItem[] => [
  { label: 'I’m away…', run: () => void open('away') },
  { label: 'Team', run: () => void open('team') },
  { label: 'Chat user group', run: () => void open('chat-group') },
  { label: 'Copy on-call summary', run: () => void copySummary(view, invoke) },
];
