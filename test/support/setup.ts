// vitest setupFiles: runs before every test file (isolated or not).
import { afterEach } from 'vitest';
import { closeAll } from './closing';

afterEach(closeAll);
