// The registry's form-preview texts (issue 47, round 12 #1): what the quick override's preview says of a window
// (whom it replaces, "already on call", the drop in people on call), planned by the real core (planOverride, as
// core/actions/override.ts asks it) and worded by the module main words the form's preview with
// (electron/shared/preview-lines.ts), so the properties over the registry read what the form says about who is on
// call, with its basis.
import { planOverride } from '../../electron/core/actions/override-window';
import type { Snapshot } from '../../electron/core/model/snapshot';
import { formatDayTime } from '../../electron/shared/format';
import type { ServiceSettings } from '../../electron/shared/settings';
import type { Basis } from '../../electron/shared/view-state';
import { previewLines } from '../../electron/shared/preview-lines';

/** One account's override form: a schedule, a window and who covers (empty: me). */
export interface AccountPreview {
  accountId: string;
  scheduleId: string;
  /** As the form names it ("Acme · Platform" with several accounts). */
  scheduleName: string;
  window: { start: string; end: string };
  emails: string[];
  snapshot: Snapshot;
  settings: ServiceSettings;
  nowMs: number;
  localZone: string;
}

export interface PreviewText {
  accountId: string;
  /** Which line: 'covering', 'window', 'already', 'replaces', 'drop', or 'refused' (the plan's error). */
  kind: string;
  /** What the preview rests on (null for a refusal). */
  basis: Basis | null;
  text: string;
}

export function previewLog(asks: readonly AccountPreview[]): PreviewText[] {
  return asks.flatMap((a) => {
    const plan = planOverride(
      { scheduleId: a.scheduleId, window: { kind: 'custom', ...a.window }, emails: a.emails },
      a.snapshot,
      a.settings,
      a.nowMs,
    );
    if (!plan.ok) return [{ accountId: a.accountId, kind: 'refused', basis: null, text: plan.error.message }];
    const p = plan.value.preview;
    const lines = previewLines(p, {
      scheduleName: a.scheduleName,
      names: (emails) => [...emails],
      windowText: (start, end) => `${formatDayTime(start, a)} – ${formatDayTime(end, a)}`,
      time: (iso) => formatDayTime(iso, a),
    });
    const said = (kind: string, text: string | undefined): PreviewText[] =>
      text === undefined ? [] : [{ accountId: a.accountId, kind, basis: p.basis, text }];
    return [
      ...said('covering', `${lines.who} ${lines.covers}`),
      ...said('window', lines.window),
      ...said('already', lines.already),
      ...said('replaces', lines.replaces),
      ...said('drop', lines.drop),
    ];
  });
}
