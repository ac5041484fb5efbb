import { readFileSync } from 'node:fs';
import { deriveState } from '../electron/core/state/derive';
import { defaultSettings } from '../electron/shared/settings';
const snap = JSON.parse(readFileSync('/tmp/snap50.json', 'utf8'));
const settings = { ...defaultSettings(), email: 'bench@example.com', baseUrl: 'https://x.example', schedules: snap.schedules.map((s: { id: string }) => ({ id: s.id })) };
const setup = { hasKey: true, keyStorage: 'keychain' as const, demo: false };
const copies = Array.from({ length: 200 }, () => structuredClone(snap));
const t: number[] = [];
const START = Date.parse(snap.coverageFetchedAt);
copies.forEach((fresh, i) => {
  const t0 = performance.now();
  deriveState({ snapshot: fresh, settings, setup, syncing: false, notices: [], localZone: 'Europe/Berlin', nowMs: START + i * 60000 });
  t.push(performance.now() - t0);
});
t.sort((a, b) => a - b);
console.log('median', t[t.length >> 1]);
