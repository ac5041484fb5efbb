// vitest setupFiles: runs before every test file (isolated or not). Its hooks come before the file's own.
import { afterEach, beforeEach } from 'vitest';
import { closeAll, testStarted } from './closing';

beforeEach(testStarted);
afterEach(closeAll);
