import { Prisma } from '../db/index.js';
import { ToolDomainException } from '../shared/index.js';
import { toolErrorTexts } from './agent-texts.js';

export type ToolErrorClass = 'unknown_tool' | 'invalid_input' | 'domain' | 'infrastructure' | 'internal' | 'repeated';

/** Thrown by the loop when a tool runs past its time limit. */
export class ToolTimeoutError extends Error {
  constructor(
    readonly toolName: string,
    readonly timeoutMs: number,
  ) {
    super(`tool ${toolName} timed out after ${timeoutMs} ms`);
    this.name = 'ToolTimeoutError';
  }
}

const NETWORK_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  '57P01',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
]);
// Prisma: P1001 can't reach server, P1002 timed out, P1008 operation timed out, P1017 connection closed, P2024 pool timeout.
const PRISMA_INFRASTRUCTURE_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024']);

/**
 * Sorts a handler's exception into a failure class and the pt-BR text the model gets.
 * Only a `ToolDomainException` passes its own message through (it was written for the
 * model); every other message stays in our logs, since it may hold SQL, hosts or secrets.
 */
export function classifyToolError(toolName: string, error: unknown): { errorClass: ToolErrorClass; message: string } {
  if (error instanceof ToolDomainException) return { errorClass: 'domain', message: error.message };
  if (isInfrastructureError(error)) return { errorClass: 'infrastructure', message: toolErrorTexts.infrastructure(toolName) };
  return { errorClass: 'internal', message: toolErrorTexts.internal(toolName) };
}

function isInfrastructureError(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (current instanceof ToolTimeoutError) return true;
    if (current instanceof Prisma.PrismaClientInitializationError) return true;
    if (current instanceof Prisma.PrismaClientKnownRequestError && PRISMA_INFRASTRUCTURE_CODES.has(current.code)) return true;
    if (typeof current !== 'object') return false;
    const { code, name } = current as { code?: unknown; name?: unknown };
    if (typeof code === 'string' && NETWORK_ERROR_CODES.has(code)) return true;
    if (name === 'TimeoutError' || name === 'ConnectionError') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
