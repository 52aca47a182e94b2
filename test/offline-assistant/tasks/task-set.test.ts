import { describe, expect, it } from 'vitest';
import { testDatabase } from '../../support/test-database.js';
import { runTask, type TaskResult } from './run-task.js';
import { type Task, taskSet } from './task-set.js';

const { db } = await testDatabase();
const SETS: Task['set'][] = ['development', 'held-out'];

/** Success rate, messages per successful task and dead ends of some results, as one report line. */
function summary(label: string, results: TaskResult[]): string {
  const succeeded = results.filter((result) => result.success);
  const rate = results.length === 0 ? 0 : (100 * succeeded.length) / results.length;
  const messages = succeeded.reduce((sum, result) => sum + result.messages, 0) / Math.max(1, succeeded.length);
  const deadEnds = results.reduce((sum, result) => sum + result.deadEnds, 0);
  return `${label.padEnd(22)} ${`${succeeded.length}/${results.length}`.padStart(7)} (${rate.toFixed(1).padStart(5)} %)   ${messages.toFixed(2)} messages per task   ${deadEnds} dead ends`;
}

describe('the offline assistant against the scripted customer tasks (demo tenant)', () => {
  it('when every task is played, then at least 90 % of each split succeed with no dead end (printed per split and per kind)', {
    timeout: 900_000,
  }, async () => {
    const results: TaskResult[] = [];
    for (const task of taskSet.tasks) results.push(await runTask(db, task, taskSet.now));
    const kinds = [...new Set(results.map((result) => result.task.kind))];
    // OFFLINE_TASKS_VERBOSE=1 prints every transcript, not only the failures'.
    const verbose = process.env.OFFLINE_TASKS_VERBOSE === '1';
    const failed = results.filter((result) => verbose || !result.success || result.deadEnds > 0);
    console.log(
      [
        `offline assistant task set, ${results.length} tasks:`,
        ...SETS.map((set) =>
          summary(
            `set ${set}`,
            results.filter((result) => result.task.set === set),
          ),
        ),
        ...kinds.map((kind) =>
          summary(
            `  ${kind}`,
            results.filter((result) => result.task.kind === kind),
          ),
        ),
        summary('all', results),
        ...failed.flatMap((result) => [
          `${result.success ? (result.deadEnds > 0 ? 'DEAD END' : 'OK') : 'FAILED'} ${result.task.id} (${result.task.set}): ${result.failure ?? result.task.goal}`,
          ...result.transcript,
        ]),
      ].join('\n'),
    );
    expect(results.length).toBeGreaterThanOrEqual(60);
    for (const set of SETS) {
      const ofSet = results.filter((result) => result.task.set === set);
      expect(ofSet.length, set).toBeGreaterThanOrEqual(20);
      expect(ofSet.filter((result) => result.success).length / ofSet.length, set).toBeGreaterThanOrEqual(0.9);
    }
    expect(results.reduce((sum, result) => sum + result.deadEnds, 0)).toBe(0);
  });
});
