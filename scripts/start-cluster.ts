/**
 * `npm run start:cluster -- --processes 3`: several API processes on one
 * PostgreSQL behind one address (docs/scale-out.md). Node's cluster module
 * shares the listening socket (PORT, 8080 by default) and hands each new
 * connection to the next process in turn. With DATABASE_URL the processes use
 * that database; without it a throw-away PostgreSQL is started on 127.0.0.1
 * (Debian's packages) and removed on exit. The database is migrated and
 * seeded once before the processes start; a process that dies is started
 * again.
 */
import cluster from 'node:cluster';
import { parseArgs } from 'node:util';

if (cluster.isPrimary) {
  const { values } = parseArgs({ options: { processes: { type: 'string', default: '2' } }, allowPositionals: false });
  const processes = Number(values.processes);
  if (!Number.isInteger(processes) || processes < 1 || processes > 64) {
    process.stderr.write('start:cluster: --processes takes a whole number from 1 to 64\n');
    process.exit(2);
  }
  const { openDatabase } = await import('../server/db/connect.ts');
  const { seedIfEmpty } = await import('../server/seed/seed.ts');
  let local: { url: string; stop(): void } | null = null;
  let databaseUrl = process.env.DATABASE_URL?.trim();
  if (!databaseUrl) {
    const { startLocalPostgres } = await import('../server/db/local-postgres.ts');
    local = await startLocalPostgres();
    databaseUrl = local.url;
    process.stdout.write(`start:cluster: a throw-away PostgreSQL at ${databaseUrl}\n`);
  }
  const handle = await openDatabase({ databaseUrl });
  await handle.migrate();
  await seedIfEmpty(handle.db);
  await handle.close();

  // The throw-away database goes with this process, however it ends.
  process.on('exit', () => local?.stop());
  let stopping = false;
  let running = 0;
  const start = () => {
    running++;
    return cluster.fork({ DATABASE_URL: databaseUrl });
  };
  cluster.on('exit', (worker, code, signal) => {
    running--;
    if (stopping) {
      if (running === 0) process.exit(0);
      return;
    }
    process.stderr.write(`start:cluster: process ${worker.process.pid} ended (${signal ?? code}); starting another\n`);
    start();
  });
  for (let i = 0; i < processes; i++) start();
  process.stdout.write(`start:cluster: ${processes} processes on http://${process.env.HOST?.trim() || '127.0.0.1'}:${process.env.PORT?.trim() || '8080'}\n`);
  const stop = () => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {});
    if (running === 0) process.exit(0);
    for (const worker of workers) worker?.process.kill('SIGTERM');
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} else {
  await import('../server/main.ts');
}
