import { afterAll } from 'vitest';
import { closeTestApps } from './app';

// Before each test file (vitest setupFiles): its test apps close after its last test.
afterAll(closeTestApps);
