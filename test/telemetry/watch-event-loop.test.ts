import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/shared/index.js';
import { watchEventLoop } from '../../src/telemetry/index.js';

function capturingLogger() {
  const lines: { level: number; msg: string; p99Ms?: number }[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: createLogger('info', undefined, sink), lines };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const blockFor = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // a handler that keeps the one thread busy, as a saturated process does
  }
};

describe('the event-loop lag warning', () => {
  it('when the process keeps its thread busy, then it logs "event loop lagging" with the delay, and once it is idle again, that it caught up', async () => {
    const { logger, lines } = capturingLogger();
    const watch = watchEventLoop({ logger, warnAfterMs: 100, intervalMs: 400, repeatMs: 60_000 });
    try {
      for (let i = 0; i < 6; i++) {
        blockFor(250);
        await sleep(5);
      }
      await sleep(450);
      const lagging = lines.filter((line) => line.msg.startsWith('event loop lagging'));
      expect(lagging.length).toBeGreaterThanOrEqual(1);
      expect(lagging[0]?.level).toBe(40);
      expect(lagging[0]?.p99Ms).toBeGreaterThan(100);
      // Not repeated within repeatMs while it stays over.
      expect(lagging).toHaveLength(1);
      await sleep(900);
      expect(lines.some((line) => line.msg === 'event loop caught up')).toBe(true);
    } finally {
      watch.stop();
    }
  });

  it('when the process is idle, then it logs nothing', async () => {
    const { logger, lines } = capturingLogger();
    const watch = watchEventLoop({ logger, warnAfterMs: 300, intervalMs: 200 });
    await sleep(700);
    watch.stop();
    expect(lines).toEqual([]);
  });
});
