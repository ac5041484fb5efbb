// Start at login as the OS answers it (adv49 r35 F1; issue 49: "Save" does what it says). The engine holds the OS's
// last refusal, which readiness judges from; a Save in Settings that keeps the box checked while a refusal is known
// asks the OS again (the shell applies only a changed setting, so the refusal would stand with nothing asked), and
// its answer is the Save's: saved and now on, or saved and still not on in the OS's words.
import { failure } from '../actions/common';
import type { LoginItem } from '../ports';
import type { StateKeeper } from './state';
import type { Engine, EngineHandlers } from './types';

/** The Save's answer when the OS, asked again, still did not take Start at login: the settings were saved. */
export const stillNotOn = (said: string): string =>
  `Settings saved. Start at login, asked of the system again, is still not on: ${said}`;

/** The engine told what the OS answered of Start at login (readiness is derived again with it), and a Save that
 *  keeps it on retrying a refusal through `port` (absent: the demo and the CLI, which never touch the OS's). */
export function withLoginItem(
  surface: Omit<Engine, 'loginProblem'>,
  login: { problem?: string },
  keeper: StateKeeper,
  port: LoginItem | undefined,
): Engine {
  const loginProblem = (problem: string | undefined): void => {
    if (problem === login.problem) return;
    if (problem === undefined) delete login.problem;
    else login.problem = problem;
    keeper.update();
  };
  const save = surface.handlers['settings:update'];
  const saveRetrying: EngineHandlers['settings:update'] = async (request) => {
    // On before and after: a change of the box is the shell's to apply (settings-follower.ts), never asked twice.
    const wasOn = surface.getState().settings.startAtLogin;
    const result = await save(request);
    if (!port || !result.ok || !wasOn || !result.value.startAtLogin || login.problem === undefined) return result;
    const said = await port.set(true);
    loginProblem(said);
    return said === undefined ? { ...result, loginOn: true } : failure('login_item', stillNotOn(said));
  };
  return { ...surface, handlers: { ...surface.handlers, 'settings:update': saveRetrying }, loginProblem };
}
