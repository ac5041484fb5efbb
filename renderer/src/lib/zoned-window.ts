// A window as the write forms show it: local times, plus the schedule's own where its zone differs.
import { formatWindow } from '../../../electron/shared/format';
import { app } from './app-state.svelte';

/** `localZone`: a form's own zone (the one its fields are read in), else the app's. */
export function zonedWindow(start: string, end: string, zone: string | null | undefined, localZone?: string): string {
  const ctx = { ...app.formatContext, ...(localZone ? { localZone } : {}) };
  return formatWindow(start, end, { ...ctx, ...(zone ? { scheduleZone: zone } : {}) });
}
