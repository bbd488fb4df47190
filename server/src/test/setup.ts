import { afterAll } from 'vitest';
import { verifyStatementShapes } from '../db/prepared';
import { closeTestApps } from './app';

// Before each test file (vitest setupFiles): every run of a statement prepared per shape checks
// that its shape names all its text depends on.
verifyStatementShapes();
// Its test apps close after its last test.
afterAll(closeTestApps);
