// First-run setup: Back pressed while a step is being saved opens the step asked for, and the answer about the step
// left behind says nothing there and moves nobody on (it put the schedules' refusal under the service address, and a
// save that worked moved the user on from the step they had gone back to).
import { describe, expect, it } from 'vitest';
import type { Settings } from '../../electron/shared/settings';
import type { Failure } from '../../electron/shared/failure';
import { fakeBridge, later } from './support/fake-bridge';
import { loadRunes, rendererFile } from './support/runes';
import { appState } from './support/state';

const runes = await loadRunes<typeof import('../../renderer/src/lib/onboarding-steps.svelte')>(
  rendererFile('lib/onboarding-steps.svelte.ts'),
);

function onSchedulesStep() {
  const answer = later<{ ok: true; value: Settings } | Failure>();
  const bridge = fakeBridge({ 'settings:update': () => answer.promise });
  const model = appState();
  const { value: steps } = runes.inRoot(
    () => new runes.subject.OnboardingSteps(() => model, { invoke: bridge.invoke, finished: () => undefined }),
  );
  steps.goTo(2);
  steps.schedules = [{ id: 'sch_platform' }];
  return { steps, answer, settings: model.settings };
}

describe('Back while a step is being saved', () => {
  it('a refusal of the schedules is not said under the service address', async () => {
    const { steps, answer } = onSchedulesStep();
    const saving = steps.next();
    steps.goTo(1);
    answer.resolve({ ok: false, error: { kind: 'validation', message: 'Schedule sch_platform was not found.' } });
    await saving;
    expect([steps.step, steps.error]).toEqual([1, '']);
  });

  it('a save that worked leaves the user on the step they went back to', async () => {
    const { steps, answer, settings } = onSchedulesStep();
    const saving = steps.next();
    steps.goTo(1);
    answer.resolve({ ok: true, value: settings });
    await saving;
    expect([steps.step, steps.error, steps.busy]).toEqual([1, '', false]);
  });
});
