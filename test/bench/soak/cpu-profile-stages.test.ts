import { describe, expect, it } from 'vitest';
import { type CpuProfile, cpuByStage, stageOfStack } from '../../../bench/soak/cpu-profile-stages.js';

const frame = (url: string, functionName = 'f') => ({ functionName, url });
const DIST = 'file:///app/dist';

describe('CPU of a profile by stage', () => {
  it('names a sample by its deepest frame that has a stage: builtins and Node internals belong to their caller', () => {
    expect(stageOfStack([frame(''), frame('node:crypto'), frame(`${DIST}/whatsapp/verify-signature.js`), frame(`${DIST}/http/x.js`)])).toBe(
      'intake',
    );
    expect(stageOfStack([frame(`${DIST}/outbox/apply-status-update.js`), frame(`${DIST}/whatsapp/webhook-router.js`)])).toBe('status');
    expect(
      stageOfStack([frame('file:///app/node_modules/@prisma/client/runtime/x.js'), frame(`${DIST}/scheduling/find-free-slots.js`)]),
    ).toBe('database client');
    expect(stageOfStack([frame(`${DIST}/scheduling/appointments/book.js`), frame(`${DIST}/agent/execute-tool-calls.js`)])).toBe('tools');
    expect(stageOfStack([frame(`${DIST}/conversation/commit-turn-ending.js`), frame(`${DIST}/conversation/process-conversation.js`)])).toBe(
      'commit',
    );
    expect(stageOfStack([frame(`${DIST}/agent/next-step.js`)])).toBe('loop');
    expect(stageOfStack([frame('file:///app/node_modules/graphile-worker/dist/worker.js')])).toBe('queue');
    expect(stageOfStack([frame(`${DIST}/graph/send-message.js`)])).toBe('send');
    expect(stageOfStack([frame('', '(garbage collector)')])).toBe('garbage collection');
    expect(stageOfStack([frame(`${DIST}/agent/x.js`), frame('node:internal/modules/esm/loader')])).toBe('start-up');
    expect(stageOfStack([frame('', '(program)')])).toBe('other');
  });

  it('adds up each sample’s time (µs) to its stage in ms, idle left out', () => {
    const profile: CpuProfile = {
      nodes: [
        { id: 1, callFrame: frame('', '(root)'), children: [2, 3, 5] },
        { id: 2, callFrame: frame(`${DIST}/whatsapp/webhook-router.js`), children: [4] },
        { id: 3, callFrame: frame('', '(idle)') },
        { id: 4, callFrame: frame('', 'JSON.parse') },
        { id: 5, callFrame: frame(`${DIST}/agent/run-agent-loop.js`) },
      ],
      samples: [4, 4, 3, 5, 2],
      timeDeltas: [1000, 500, 90_000, 250, 250],
    };
    const totals = cpuByStage(profile);
    expect(totals.intake).toBe(1.75);
    expect(totals.loop).toBe(0.25);
    expect(Object.values(totals).reduce((sum, value) => sum + value, 0)).toBe(2);
  });
});
