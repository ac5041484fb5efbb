// `npm run simulator -- --seed <file> [--port N] [--now ISO]`: serves the simulator until interrupted.
import { parseArgs } from 'node:util';
import { startSimulator } from './server';

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        seed: { type: 'string' },
        port: { type: 'string' },
        now: { type: 'string' },
        help: { type: 'boolean' },
      },
    }));
  } catch (cause) {
    console.error(cause instanceof Error ? cause.message : String(cause));
    return 2;
  }
  if (values.help) {
    console.log('usage: npm run simulator -- [--seed <file>] [--port N] [--now <ISO instant>]');
    return 0;
  }
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error('--port must be a whole number from 0 to 65535');
    return 2;
  }
  let simulator;
  try {
    simulator = await startSimulator({ seed: values.seed, port, now: values.now });
  } catch (cause) {
    console.error(cause instanceof Error ? cause.message : String(cause));
    return 1;
  }
  console.log(`simulator listening on ${simulator.url}`);
  for (const key of simulator.apiKeys) {
    const user = simulator.state.userForKey(key);
    console.log(`api key: ${key}${user ? ` (${user.id}, ${user.email})` : ''}`);
  }
  const running = simulator;
  await new Promise<void>((resolve) => {
    const stop = () => void running.close().then(resolve);
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  return 0;
}

void main().then((code) => process.exit(code));
