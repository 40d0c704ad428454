/**
 * Periodic work that must run once per period however many server processes
 * share the database (the recovery sweep of interrupted game rounds, and what
 * comes after it: settlements, draws, expiries). Time is cut in slots of the
 * job's period; every process looks a few times per slot, and the first to
 * insert the slot's row in `scheduled_job_runs` runs it. A slot whose runner
 * did not finish within the job's lease (the process died) is claimed again
 * by the next process that looks, with `attempts` + 1. A slot missed entirely
 * (no process was up) is not run late: the next slot's run does the work,
 * as each job looks at the state of the database, not at what the last run
 * did. Rows older than a day are deleted now and then.
 */
import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/connect.ts';

export interface ScheduledJob {
  /** The job's name, at most 64 characters. */
  name: string;
  /** The period: one run per slot of this length. */
  everyMs: number;
  /** After this long without finishing, a run is taken to have died and another process runs the slot. */
  leaseMs: number;
  run(): Promise<unknown>;
}

export interface JobRunner {
  /** Stops looking and waits for a run under way. */
  stop(): Promise<void>;
}

export interface ScheduleOptions {
  now?: () => number;
  /** A run began (or was taken over) in this process. */
  onRun?: (event: { job: string; slot: number; attempt: number }) => void;
  onError?: (error: unknown) => void;
}

/** Looks this many times per slot, so that a slot whose runner died is taken over within it. */
const looksPerSlot = 4;

const runner = `${hostname()}:${process.pid}`.slice(0, 128);

/** Claims the slot for this process: true if it is to run it now. */
async function claimSlot(db: Database, job: ScheduledJob, slot: number, nowMs: number): Promise<{ attempt: number } | null> {
  const now = new Date(nowMs);
  const expired = new Date(nowMs - job.leaseMs);
  const result = await db.execute(sql`
    insert into scheduled_job_runs as r (job, slot, runner, claimed_at)
    values (${job.name}, ${slot}, ${runner}, ${now.toISOString()}::timestamptz)
    on conflict (job, slot) do update set runner = excluded.runner, claimed_at = excluded.claimed_at, attempts = r.attempts + 1, error = null
     where r.finished_at is null and r.claimed_at < ${expired.toISOString()}::timestamptz
    returning attempts`);
  const row = (result as unknown as { rows: { attempts: number }[] }).rows[0];
  return row ? { attempt: Number(row.attempts) } : null;
}

export function startScheduledJob(db: Database, job: ScheduledJob, options: ScheduleOptions = {}): JobRunner {
  const now = options.now ?? Date.now;
  let running: Promise<void> | null = null;
  let stopped = false;
  let runs = 0;

  async function look(): Promise<void> {
    const t = now();
    const slot = Math.floor(t / job.everyMs);
    const claim = await claimSlot(db, job, slot, t);
    if (!claim) return;
    options.onRun?.({ job: job.name, slot, attempt: claim.attempt });
    let error: string | null = null;
    try {
      await job.run();
    } catch (failure) {
      error = failure instanceof Error ? failure.message : String(failure);
      options.onError?.(failure);
    }
    await db.execute(sql`
      update scheduled_job_runs set finished_at = ${new Date(now()).toISOString()}::timestamptz, error = ${error}
       where job = ${job.name} and slot = ${slot} and runner = ${runner}`);
    if (++runs % 100 === 0) {
      await db.execute(sql`delete from scheduled_job_runs where claimed_at < ${new Date(t - 86_400_000).toISOString()}::timestamptz`);
    }
  }

  const tick = () => {
    if (stopped || running) return;
    running = look()
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => {
        running = null;
      });
  };
  tick();
  const timer = setInterval(tick, Math.max(1, Math.floor(job.everyMs / looksPerSlot)));
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
