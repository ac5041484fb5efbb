// The alarm window's check of what main sends it (AlarmShown: the view and main's words for it), as the state is
// checked: apart from alarm-bridge.ts, which needs the page's bridge, so plain Node tests reach it.
import type { AlarmShown } from '../../../electron/shared/alarm-view';

const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** The alarm window's alarm as pushed (main sends AlarmShown: the view and its words; a page checks what it reads,
 *  as for the state). */
export function isAlarmView(raw: unknown): raw is AlarmShown {
  if (typeof raw !== 'object' || raw === null) return false;
  const texts = ['key', 'accountName', 'scheduleName', 'startUtc', 'endUtc', 'scheduleZone'];
  const flags = ['endKnown', 'late', 'again', 'test'];
  const words: unknown = Reflect.get(raw, 'words');
  return (
    texts.every((k) => typeof Reflect.get(raw, k) === 'string') &&
    flags.every((k) => typeof Reflect.get(raw, k) === 'boolean') &&
    isStrings(Reflect.get(raw, 'handoverFrom')) &&
    typeof words === 'object' &&
    words !== null &&
    ['headline', 'where', 'when'].every((k) => typeof Reflect.get(words, k) === 'string') &&
    ['handover', 'basis'].every((k) => {
      const v: unknown = Reflect.get(words, k);
      return v === null || typeof v === 'string';
    })
  );
}
