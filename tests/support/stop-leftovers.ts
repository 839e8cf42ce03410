// A setup file of the integration and browser tests, run before each test file: what the file's
// tests left running (a server or a chain node that a timed-out test never stopped) is stopped
// once the file is done, before the next file runs in the same worker (tests/support/leftovers.ts).
import { afterAll } from 'vitest';
import { stopLeftovers } from './leftovers.ts';

afterAll(stopLeftovers);
