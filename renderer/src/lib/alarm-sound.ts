// The alarm's sound: a loud two-tone beep repeated every second, made with Web Audio (no sound file to ship or
// load under the page's CSP). It loops until stopped; the window stops it on any answer and after its ring limit.
// The alarm window is opened with autoplay allowed (alarm-window-spec.ts), so it starts without a click.

const BEEP_S = 0.18;
const PERIOD_MS = 1_000;
const START_CHECK_MS = 500;

export interface AlarmSound {
  /** 'playing', 'stopped', or 'blocked' (no audio here, or the context would not start). */
  readonly state: 'playing' | 'stopped' | 'blocked';
  stop(): void;
}

function beep(ctx: AudioContext, at: number, hz: number): void {
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = 'square';
  osc.frequency.value = hz;
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(0.6, at + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + BEEP_S);
  osc.connect(gain).connect(ctx.destination);
  osc.start(at);
  osc.stop(at + BEEP_S);
}

export function startAlarmSound(onState: (state: AlarmSound['state']) => void): AlarmSound {
  let state: AlarmSound['state'] = 'blocked';
  let ctx: AudioContext | undefined;
  let timer: ReturnType<typeof setInterval> | undefined;
  try {
    const audio = new AudioContext();
    ctx = audio;
    const ring = (): void => {
      const t = audio.currentTime + 0.02;
      beep(audio, t, 880);
      beep(audio, t + 0.25, 660);
    };
    void audio.resume().catch(() => undefined);
    ring();
    timer = setInterval(ring, PERIOD_MS);
    state = 'playing';
    // A context the browser keeps suspended (autoplay refused) plays nothing: said, not pretended.
    setTimeout(() => {
      if (ctx === audio && audio.state !== 'running') onState((state = 'blocked'));
    }, START_CHECK_MS);
  } catch {
    state = 'blocked';
  }
  onState(state);
  return {
    get state() {
      return state;
    },
    stop() {
      if (timer !== undefined) clearInterval(timer);
      timer = undefined;
      void ctx?.close().catch(() => undefined);
      ctx = undefined;
      if (state === 'playing') state = 'stopped';
      onState(state);
    },
  };
}
