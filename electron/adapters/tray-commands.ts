// The tray items that act rather than open a window: take over / hand back (after one confirmation, Enter = yes),
// pause and resume notifications, copy the hand-off text. Results go through the engine's handlers, so the same
// truthful write path as the forms applies: an unknown outcome is said as such, never "try again".
import { writeFile } from 'node:fs/promises';
import { clipboard, dialog } from 'electron';
import type { Engine } from '../core/engine/types';
import { pauseUntil, type TrayActionId, type TrayParams } from '../core/state/tray-menu';

type Say = (message: string, detail?: string) => void;

async function confirm(message: string, yes: string): Promise<boolean> {
  const answer = await dialog.showMessageBox({
    type: 'question',
    buttons: [yes, 'Cancel'],
    defaultId: 0,
    cancelId: 1,
    message,
  });
  return answer.response === 0;
}

async function takeOver(engine: Engine, params: TrayParams, handBack: boolean, say: Say): Promise<void> {
  const schedule = engine.getState().schedules.find((s) => s.id === params.scheduleId);
  if (!schedule || !params.scheduleId) return;
  const options = schedule.takeOverOptions;
  const who = handBack
    ? options?.handBack?.to.map((p) => p.name).join(', ')
    : options?.takeOver?.from.find((p) => p.email === params.fromEmail)?.name;
  const question = handBack
    ? `Hand ${schedule.name} back to ${who ?? 'them'}?`
    : `Take over ${schedule.name} from ${who ?? 'them'} now?`;
  if (!(await confirm(question, handBack ? 'Hand back' : 'Take over'))) return;
  const result = handBack
    ? await engine.handlers['take-over:hand-back']({ scheduleId: params.scheduleId })
    : await engine.handlers['take-over:now']({
        scheduleId: params.scheduleId,
        ...(params.fromEmail ? { fromEmail: params.fromEmail } : {}),
      });
  if (!result.ok) return say(result.error.message);
  const outcome = result.value.outcome;
  if (outcome.status !== 'created') say(handBack ? 'Hand back' : 'Take over', outcome.message);
}

/** The hand-off text onto the clipboard (the tray item and the popover's "Copy on-call summary"); returns it. */
export async function copySummary(
  engine: Engine,
): Promise<{ ok: true; value: string } | { ok: false; error: { kind: string; message: string } }> {
  const summary = await engine.handlers['summary:get'](null);
  if (summary.ok) clipboard.writeText(summary.value);
  return summary;
}

/** Runs an acting tray item; false when the action is not one of these. */
export async function runTrayCommand(
  engine: Engine,
  action: TrayActionId,
  params: TrayParams | undefined,
  zone: () => string,
): Promise<boolean> {
  const say: Say = (message, detail) =>
    void dialog.showMessageBox({ type: 'info', buttons: ['OK'], message, ...(detail ? { detail } : {}) });
  switch (action) {
    case 'take-over':
    case 'hand-back':
      await takeOver(engine, params ?? {}, action === 'hand-back', say);
      return true;
    case 'pause-1h':
    case 'pause-tomorrow':
      await engine.handlers['settings:update']({
        pausedUntil: pauseUntil(action === 'pause-1h' ? '1h' : 'tomorrow', Date.now(), zone()),
      });
      return true;
    case 'resume':
      await engine.handlers['settings:update']({ pausedUntil: null });
      return true;
    case 'export-calendar': {
      // What sync holds: the horizon of "My shifts" (the status command's --ics reads further ahead).
      const days = engine.getState().settings.horizonDays;
      const target = await dialog.showSaveDialog({
        title: 'Export my shifts',
        defaultPath: 'on-call.ics',
        filters: [{ name: 'Calendar', extensions: ['ics'] }],
      });
      if (target.canceled || !target.filePath) return true;
      try {
        await writeFile(target.filePath, await engine.calendar(days), 'utf8');
      } catch (cause) {
        say('The calendar could not be saved.', cause instanceof Error ? cause.message : undefined);
      }
      return true;
    }
    case 'copy-summary': {
      const summary = await copySummary(engine);
      if (!summary.ok) say(summary.error.message);
      return true;
    }
    default:
      return false;
  }
}
