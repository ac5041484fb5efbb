import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { watchLifecycle, type LifecycleApp } from '../../electron/adapters/lifecycle';

/** An `app` that, like Electron's, emits before-quit on quit() and records whether the quit went through. */
function fakeApp() {
  const emitter = new EventEmitter();
  const calls: string[] = [];
  const app: LifecycleApp & { emit(event: string): void } = {
    on: (event: string, listener: (e: { preventDefault(): void }) => void) => emitter.on(event, listener),
    quit() {
      let prevented = false;
      emitter.emit('before-quit', { preventDefault: () => (prevented = true) });
      calls.push(prevented ? 'quit:held' : 'quit:done');
    },
    emit: (event: string) => void emitter.emit(event),
  };
  return { app, calls };
}

function fakeShell(calls: string[]) {
  let finish: () => void = () => undefined;
  return {
    showStatus: () => void calls.push('status'),
    stop: () => (calls.push('stop'), new Promise<void>((resolve) => (finish = resolve))),
    finishStop: () => finish(),
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('app lifecycle', () => {
  it('a second launch during start-up shows the status once the shell is there', () => {
    const { app, calls } = fakeApp();
    const lifecycle = watchLifecycle({ app, log: () => undefined });
    app.emit('second-instance');
    expect(calls).toEqual([]);
    lifecycle.attach(fakeShell(calls));
    expect(calls).toEqual(['status']);
    app.emit('second-instance');
    expect(calls).toEqual(['status', 'status']);
  });

  it('a quit during start-up is held, then stops the shell and quits once it has started', async () => {
    const { app, calls } = fakeApp();
    const lifecycle = watchLifecycle({ app, log: () => undefined });
    app.quit();
    expect(calls).toEqual(['quit:held']);
    const shell = fakeShell(calls);
    lifecycle.attach(shell);
    app.emit('second-instance'); // no window is opened while quitting
    expect(calls).toEqual(['quit:held', 'stop']);
    shell.finishStop();
    await settle();
    expect(calls).toEqual(['quit:held', 'stop', 'quit:done']);
  });

  it('quits on SIGTERM from the moment it listens, and stops the shell only once', async () => {
    const { app, calls } = fakeApp();
    const signals = new EventEmitter();
    const lifecycle = watchLifecycle({ app, signals, log: () => undefined });
    const shell = fakeShell(calls);
    lifecycle.attach(shell);
    signals.emit('SIGTERM');
    app.quit();
    expect(calls).toEqual(['stop', 'quit:held', 'quit:held']);
    shell.finishStop();
    await settle();
    expect(calls.at(-1)).toBe('quit:done');
    expect(calls.filter((c) => c === 'stop')).toHaveLength(1);
  });

  it('leaves no signal listeners behind once disposed, so restarts in one process never pile them up', () => {
    const signals = new EventEmitter();
    for (let start = 0; start < 12; start++)
      watchLifecycle({ app: fakeApp().app, signals, log: () => undefined }).dispose();
    expect(signals.listenerCount('SIGINT') + signals.listenerCount('SIGTERM')).toBe(0);
  });
});
