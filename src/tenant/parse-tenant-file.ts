import { readFile } from 'node:fs/promises';
import type { z } from 'zod';
import { type TenantFile, tenantFileSchema } from './tenant-file-schema.js';

export type ParsedTenantFile = { ok: true; file: TenantFile } | { ok: false; problems: string[] };

/**
 * Validates a tenant file's content. Never throws for bad input: returns every problem as
 * "<json path>: <reason>" in English for the operator, e.g.
 * `professionals[0].hours.mon[1]: interval 13:00–12:00 ends before it starts`.
 */
export function parseTenantFile(input: unknown): ParsedTenantFile {
  const validated = validateTenantFile(input);
  if (validated.ok) return validated;
  return { ok: false, problems: validated.issues.map(formatIssue) };
}

/** The same validation with zod's issues (path as an array), for callers that name each field themselves (the console's settings). */
export function validateTenantFile(input: unknown): { ok: true; file: TenantFile } | { ok: false; issues: z.core.$ZodIssue[] } {
  const parsed = tenantFileSchema.safeParse(input, {
    error: (issue) => {
      if (issue.code !== 'invalid_type') return undefined;
      if (issue.input === undefined) return 'is required';
      return `must be ${issue.expected === 'array' || issue.expected === 'object' ? 'an' : 'a'} ${issue.expected}, not ${describeJsonType(issue.input)}`;
    },
  });
  if (parsed.success) return { ok: true, file: parsed.data };
  return { ok: false, issues: parsed.error.issues };
}

/** Reads and validates a tenant file from disk; unreadable files and bad JSON are problems too. */
export async function readTenantFile(filePath: string): Promise<ParsedTenantFile> {
  let text: string;
  try {
    text = await readFile(filePath, 'utf8');
  } catch (error) {
    return { ok: false, problems: [`(file): cannot read ${filePath}: ${error instanceof Error ? error.message : String(error)}`] };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, problems: [`(file): not valid JSON: ${error instanceof Error ? error.message : String(error)}`] };
  }
  return parseTenantFile(json);
}

/** `["professionals", 0, "hours", "mon", 1]` → `professionals[0].hours.mon[1]`. */
export function formatJsonPath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else text += text === '' ? String(segment) : `.${String(segment)}`;
  }
  return text === '' ? '(file)' : text;
}

function describeJsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function formatIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') {
    return `${formatJsonPath(issue.path)}: unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((key) => `"${key}"`).join(', ')}`;
  }
  return `${formatJsonPath(issue.path)}: ${issue.message}`;
}
