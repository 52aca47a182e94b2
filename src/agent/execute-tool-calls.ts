import { z } from 'zod';
import type { Db } from '../db/index.js';
import type { Logger, ToolCallContext } from '../shared/index.js';
import { toolErrorTexts } from './agent-texts.js';
import { classifyToolError, type ToolErrorClass, ToolTimeoutError } from './classify-tool-error.js';
import { commitStep, type ToolCallRecord } from './commit-step.js';
import type { ToolResultBlockParam, ToolUseBlock } from './model-types.js';
import type { RunToolLedger } from './run-tool-ledger.js';
import { settleWriteAfterTimeout } from './settle-write-after-timeout.js';
import { toolCallFingerprint } from './tool-call-fingerprint.js';
import type { ToolRegistry } from './tool-registry.js';
import { toolResultContentOf } from './tool-result-content.js';

/** After this many identical calls (same fingerprint) in one run, further ones are not executed. */
const MAX_IDENTICAL_CALLS = 2;
const ptBrErrors = z.locales.pt().localeError;

interface ExecuteToolCallsDeps {
  db: Db;
  logger: Logger;
  registry: ToolRegistry;
  toolTimeoutMs: number;
}

interface ToolCallOutcome {
  content: string;
  isError: boolean;
  errorClass: ToolErrorClass | null;
  /** what agent_tool_calls.result holds: the value, or `{ error }` for a failure */
  stored: unknown;
}

/**
 * Answers every `tool_use` of one assistant response with exactly one `tool_result`, in
 * the same order (one after another: write tools must not race each other). A call whose
 * `tool_use.id` already has a stored result (with `reuseRecorded`, for a run resumed after
 * a crash) gets that result again and is not executed twice. Every call is recorded in `agent_tool_calls` and in the
 * run's ledger (repetitions, successful writes, transfer requests): a write tool's record
 * is committed as soon as it ran; the others are returned for the caller to commit with
 * the tool_result turn (re-running a read after a crash is harmless). Never throws for a
 * tool's own failure; only a database failure while recording escapes.
 */
export async function executeToolCalls(
  deps: ExecuteToolCallsDeps,
  context: Omit<ToolCallContext, 'toolUseId'> & { runId: number },
  toolUses: ToolUseBlock[],
  ledger: RunToolLedger,
  options: { reuseRecorded: boolean },
): Promise<{ results: ToolResultBlockParam[]; deferredRecords: ToolCallRecord[] }> {
  // Only a resumed run can meet ids with records: a response received in this attempt carries fresh ids.
  const stored = options.reuseRecorded
    ? await deps.db.agentToolCall.findMany({
        where: { tenantId: context.tenantId, toolUseId: { in: toolUses.map((toolUse) => toolUse.id) } },
        select: { toolUseId: true, result: true, isError: true },
      })
    : [];
  const storedById = new Map(stored.map((row) => [row.toolUseId, row]));
  const results: ToolResultBlockParam[] = [];
  const deferredRecords: ToolCallRecord[] = [];
  for (const toolUse of toolUses) {
    const previous = storedById.get(toolUse.id);
    if (previous) {
      deps.logger.info({ runId: context.runId, tool: toolUse.name, toolUseId: toolUse.id }, 'tool call already done: result reused');
      results.push({
        type: 'tool_result',
        tool_use_id: toolUse.id,
        content: toolResultContentOf(previous),
        ...(previous.isError ? { is_error: true } : {}),
      });
      continue;
    }
    const fingerprint = toolCallFingerprint(toolUse.name, toolUse.input);
    const startedAt = performance.now();
    const outcome =
      ledger.countCalls(fingerprint) >= MAX_IDENTICAL_CALLS
        ? errorOutcome('repeated', toolErrorTexts.repeated(toolUse.name))
        : await runOne(deps, { ...context, toolUseId: toolUse.id }, toolUse);
    const durationMs = Math.round(performance.now() - startedAt);
    const record: ToolCallRecord = {
      toolUseId: toolUse.id,
      name: toolUse.name,
      input: toolUse.input,
      result: outcome.stored,
      isError: outcome.isError,
      errorClass: outcome.errorClass,
      durationMs,
    };
    // A write's record is committed before the model hears back: a resumed run must reuse it, never redo the write.
    if (deps.registry.find(toolUse.name)?.effect === 'write') await commitStep(deps.db, context, { records: [record] });
    else deferredRecords.push(record);
    ledger.record({ name: toolUse.name, fingerprint, isError: outcome.isError, input: toolUse.input, result: outcome.stored });
    results.push({
      type: 'tool_result',
      tool_use_id: toolUse.id,
      content: outcome.content,
      ...(outcome.isError ? { is_error: true } : {}),
    });
  }
  return { results, deferredRecords };
}

async function runOne(deps: ExecuteToolCallsDeps, context: ToolCallContext, toolUse: ToolUseBlock): Promise<ToolCallOutcome> {
  const log = deps.logger.child({ runId: context.runId, tool: toolUse.name, toolUseId: toolUse.id });
  const tool = deps.registry.find(toolUse.name);
  if (!tool) {
    log.debug('model called an unknown tool');
    return errorOutcome('unknown_tool', toolErrorTexts.unknownTool(toolUse.name, deps.registry.names));
  }
  const parsed = tool.input.safeParse(toolUse.input, { error: ptBrErrors });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'entrada'}: ${issue.message}`);
    log.debug({ problems }, 'tool input refused');
    return errorOutcome('invalid_input', toolErrorTexts.invalidInput(toolUse.name, problems));
  }
  const pending = tool.handler(parsed.data, context);
  try {
    let value: unknown;
    try {
      value = await withTimeout(pending, toolUse.name, deps.toolTimeoutMs);
    } catch (error) {
      if (!(error instanceof ToolTimeoutError && tool.effect === 'write')) throw error;
      log.warn({ timeoutMs: deps.toolTimeoutMs }, 'write tool timed out: settling its outcome before the model hears of it');
      value = await settleWriteAfterTimeout(pending, () => tool.handler(parsed.data, context), {
        toolName: toolUse.name,
        graceMs: deps.toolTimeoutMs,
      });
    }
    const content = JSON.stringify(value ?? null);
    return { content, isError: false, errorClass: null, stored: JSON.parse(content) };
  } catch (error) {
    const { errorClass, message } = classifyToolError(toolUse.name, error);
    if (errorClass === 'infrastructure') log.warn({ err: error }, 'tool failed: infrastructure');
    if (errorClass === 'internal') log.error({ err: error }, 'tool failed: internal error');
    return errorOutcome(errorClass, message);
  }
}

function errorOutcome(errorClass: ToolErrorClass, message: string): ToolCallOutcome {
  return { content: message, isError: true, errorClass, stored: { error: message } };
}

function withTimeout<T>(promise: Promise<T>, toolName: string, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ToolTimeoutError(toolName, timeoutMs)), timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
