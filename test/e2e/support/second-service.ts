// A second on-call service on loopback for the accounts tests: the demo seed with the SAME schedule ids but other
// people (every user renamed, under another domain) and its own key, so two accounts can only be told apart by
// the app keeping them apart.
import { readFileSync } from 'node:fs';
import { startSimulator, type RunningSimulator } from '../../../electron/simulator/server';

const DEMO = new URL('../../../electron/simulator/demo-seed.json', import.meta.url);
const NAMES = ['Zoe Quinn', 'Yara Ng', 'Xavier Cole', 'Will Fox', 'Vera Lind', 'Uma Roy', 'Tom Baker', 'Sam Hill'];
const MORE = ['Rita Moss', 'Quinn Ash', 'Pia Lund', 'Omar Reed', 'Nina Holt', 'Milo Grant', 'Lena Brook', 'Kai Dunn'];

interface SeedUser {
  id: string;
  name: string;
  email: string;
}

export interface SecondService {
  sim: RunningSimulator;
  /** The demo's name → this service's name for the same user id. */
  renamed: Map<string, string>;
  /** Me there (the renamed Alice, whose key the service gives). */
  me: string;
}

export async function startSecondService(): Promise<SecondService> {
  const seed = JSON.parse(readFileSync(DEMO, 'utf8')) as { users: SeedUser[]; api_keys: { key: string }[] };
  const names = [...NAMES, ...MORE];
  const renamed = new Map<string, string>();
  seed.users.forEach((u, i) => {
    const name = names[i] ?? `Person ${i}`;
    renamed.set(u.name, name);
    u.name = name;
    u.email = `${name.split(' ')[0]?.toLowerCase()}@acme.example`;
  });
  seed.api_keys.forEach((k, i) => (k.key = `ocs_acme_k${i + 1}`));
  const sim = await startSimulator({ port: 0, seed });
  const me = seed.users.find((u) => u.id === 'usr_alice')?.email ?? '';
  return { sim, renamed, me };
}

/** A text of the demo service with every person's name put as the second service names the same user. */
export function asRenamed(text: string, renamed: ReadonlyMap<string, string>): string {
  let out = text;
  for (const [from, to] of renamed) out = out.split(from).join(to);
  return out;
}
