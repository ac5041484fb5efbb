// Entry of the month's worker thread: workers don't inherit the loader hooks tsx registers in the main thread.
import { register } from 'tsx/esm/api';

register();
await import('./month-heap-worker.ts');
