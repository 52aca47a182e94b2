/** A V8 CPU profile (`node --cpu-prof`), the fields read here. */
export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string }; children?: number[] }[];
  samples: number[];
  /** µs since the previous sample, one per sample */
  timeDeltas: number[];
}

/** Where one message's CPU goes, by the component that spent it. */
export const STAGES = [
  'intake',
  'status',
  'queue',
  'loop',
  'tools',
  'commit',
  'send',
  'database client',
  'http',
  'logging',
  'start-up',
  'garbage collection',
  'other',
] as const;
export type Stage = (typeof STAGES)[number];

/**
 * The stage of one stack frame's code, or undefined for code that belongs to whoever called it
 * (V8 builtins, Node's internals, JSON, crypto): the deepest frame with a stage names the sample.
 * Project code is recognised by its folder under dist/ (src/ when run from source).
 */
const FRAME_STAGES: [RegExp, Stage][] = [
  [/\/(dist|src)\/outbox\/(apply-status-update|parked-statuses)\./, 'status'],
  [/\/(dist|src)\/whatsapp\//, 'intake'],
  [/\/(dist|src)\/(outbox|graph)\//, 'send'],
  [/\/(dist|src)\/(conversation\/(commit-turn-ending|plan-turn-ending|turn-writes|ending-plan)|agent\/commit-step)\./, 'commit'],
  [
    /\/(dist|src)\/(scheduling|tenant)\/|\/(dist|src)\/agent\/(execute-tool-calls|tool-registry|run-tool-ledger|tool-result-content)\./,
    'tools',
  ],
  [/\/(dist|src)\/(agent|conversation|offline-assistant|answer-claims|handoff|reminders)\/|node_modules\/@anthropic-ai\//, 'loop'],
  [/\/(dist|src)\/queue\/|node_modules\/graphile-worker\//, 'queue'],
  [/node_modules\/(@prisma|pg|pg-protocol|pg-pool|pg-types|postgres-[a-z]+)\/|\/(dist|src)\/(generated|db)\//, 'database client'],
  [/node_modules\/(pino|pino-[a-z]+|sonic-boom|thread-stream)\//, 'logging'],
  [
    /node_modules\/(express|router|body-parser|raw-body|helmet|finalhandler|send|serve-static|cookie|qs)\/|\/(dist|src)\/(http|admin|console|auth|metrics)\//,
    'http',
  ],
];

/** The stage of a sample whose stack, leaf first, is `frames`. */
export function stageOfStack(frames: readonly { functionName: string; url: string }[]): Stage {
  if (frames[0]?.functionName === '(garbage collector)') return 'garbage collection';
  if (frames.some((frame) => frame.url.startsWith('node:internal/modules/'))) return 'start-up';
  for (const frame of frames) {
    const stage = FRAME_STAGES.find(([pattern]) => pattern.test(frame.url))?.[1];
    if (stage) return stage;
  }
  return 'other';
}

/**
 * CPU milliseconds of a profile by stage (idle time left out): each sample's time goes to the
 * stage of its deepest frame that has one (stageOfStack). Asynchronous work lands where it
 * runs: a query's result is parsed in the database client's stage, whoever asked for it.
 */
export function cpuByStage(profile: CpuProfile): Record<Stage, number> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const stageOfNode = new Map<number, Stage | 'idle'>();
  const stageOf = (id: number): Stage | 'idle' => {
    const known = stageOfNode.get(id);
    if (known) return known;
    const frames: { functionName: string; url: string }[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const frame = byId.get(at)?.callFrame;
      if (frame) frames.push(frame);
    }
    const stage = frames[0]?.functionName === '(idle)' ? 'idle' : stageOfStack(frames);
    stageOfNode.set(id, stage);
    return stage;
  };
  const totals = Object.fromEntries(STAGES.map((stage) => [stage, 0])) as Record<Stage, number>;
  profile.samples.forEach((id, index) => {
    const stage = stageOf(id);
    if (stage !== 'idle') totals[stage] += (profile.timeDeltas[index] ?? 0) / 1000;
  });
  return totals;
}
