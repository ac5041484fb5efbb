// App lifecycle events that must not be lost while the app is still starting: a second launch and a quit (menu,
// OS log-out, SIGINT/SIGTERM). They are listened to from the moment the single-instance lock is held; until the
// shell exists they are only remembered, and acted on once it does.

/** The part of Electron's `app` used here. */
export interface LifecycleApp {
  on(event: 'second-instance', listener: () => void): unknown;
  on(event: 'before-quit', listener: (event: { preventDefault(): void }) => void): unknown;
  quit(): void;
}

/** What the running app offers: show the status popover, and stop timers and flush the cache before quitting. */
export interface LifecycleShell {
  showStatus(): void;
  stop(): Promise<void>;
}

export interface LifecycleOptions {
  app: LifecycleApp;
  signals?: {
    once(signal: 'SIGINT' | 'SIGTERM', listener: () => void): unknown;
    removeListener(signal: 'SIGINT' | 'SIGTERM', listener: () => void): unknown;
  };
  log: (message: string) => void;
}

export interface Lifecycle {
  /** Hands over the started shell; a launch or quit recorded meanwhile is carried out now. */
  attach(shell: LifecycleShell): void;
  /** Stops listening to the process signals: `process` outlives the app in tests, and each start would add two. */
  dispose(): void;
}

export function watchLifecycle({ app, signals, log }: LifecycleOptions): Lifecycle {
  let shell: LifecycleShell | undefined;
  let pendingShow = false;
  let quitRequested = false;
  let stopping = false;
  let stopped = false;

  function stopThenQuit(running: LifecycleShell): void {
    if (stopping) return;
    stopping = true;
    void running
      .stop()
      .catch((e: unknown) => log(`shutdown: ${String(e)}`))
      .finally(() => {
        stopped = true;
        app.quit();
      });
  }

  app.on('second-instance', () => {
    if (stopping || quitRequested) return;
    if (shell) shell.showStatus();
    else pendingShow = true;
  });
  app.on('before-quit', (event) => {
    if (stopped) return;
    // Hold the quit until timers are stopped and the cache is flushed (after start-up, if still starting).
    event.preventDefault();
    if (shell) stopThenQuit(shell);
    else quitRequested = true;
  });
  const onSignal = (): void => app.quit();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) signals?.once(signal, onSignal);

  return {
    attach(started) {
      shell = started;
      if (quitRequested) return stopThenQuit(started);
      if (pendingShow) started.showStatus();
      pendingShow = false;
    },
    dispose() {
      for (const signal of ['SIGINT', 'SIGTERM'] as const) signals?.removeListener(signal, onSignal);
    },
  };
}
