/**
 * Vitest global setup of the server project: a directory for this run's
 * PGlite template database (server/test/test-db.ts builds it on first use),
 * removed at the end of the run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { templateDirVariable } from './test-db.ts';

export default function setup(): () => void {
  const dir = mkdtempSync(path.join(tmpdir(), 'm-casino-test-db-'));
  process.env[templateDirVariable] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
