// A window as the write forms show it: local times, plus the schedule's own where its zone differs.
import { formatWindow } from '../../../electron/shared/format';
import { app } from './app-state.svelte';

export function zonedWindow(start: string, end: string, zone: string | null | undefined): string {
  return formatWindow(start, end, { ...app.formatContext, ...(zone ? { scheduleZone: zone } : {}) });
}
