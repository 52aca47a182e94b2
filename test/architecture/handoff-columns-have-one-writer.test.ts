import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');

/** A kind of write, and the only modules (path prefixes) allowed to perform it. */
interface WriteRule {
  what: string;
  pattern: RegExp;
  owners: string[];
}

const PRISMA_WRITE = '(?:create|createMany|createManyAndReturn|update|updateMany|updateManyAndReturn|upsert|delete|deleteMany)';

const RULES: WriteRule[] = [
  { what: 'SQL write of handoffs', pattern: /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"?handoffs"?\b/gi, owners: ['src/handoff/'] },
  { what: 'Prisma write of handoffs', pattern: new RegExp(`\\.handoff\\.${PRISMA_WRITE}\\s*\\(`, 'g'), owners: ['src/handoff/'] },
  // The privacy maps name a table and the columns they erase; only handoffs.note may be erased (checked below).
  { what: 'privacy map entry of handoffs', pattern: /table:\s*'handoffs'/g, owners: ['src/privacy/'] },
  { what: 'SQL write of handoff_notice_sent_at', pattern: /\bhandoff_notice_sent_at['"]?\s*(?:=(?!=)|:)/g, owners: ['src/handoff/'] },
  { what: 'Prisma write of handoffNoticeSentAt', pattern: /\bdata:\s*\{[^}]*\bhandoffNoticeSentAt\b/g, owners: ['src/handoff/'] },
  { what: 'SQL write of closed_at', pattern: /\bclosed_at['"]?\s*(?:=(?!=)|:)/g, owners: ['src/handoff/'] },
  { what: 'Prisma write of closedAt', pattern: /\bdata:\s*\{[^}]*\bclosedAt\b/g, owners: ['src/handoff/'] },
  {
    what: 'SQL write of text_only_notice_at',
    pattern: /\btext_only_notice_at['"]?\s*(?:=(?!=)|:)/g,
    owners: ['src/conversation/commit-turn-ending.ts'],
  },
  {
    what: 'Prisma write of textOnlyNoticeAt',
    pattern: /\bdata:\s*\{[^}]*\btextOnlyNoticeAt\b/g,
    owners: ['src/conversation/commit-turn-ending.ts'],
  },
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The text with comment lines blanked (kept as empty lines, so line numbers stay right). */
const withoutCommentLines = (text: string) =>
  text
    .split('\n')
    .map((line) => (/^\s*(\/\/|\/\*|\*)/.test(line) ? '' : line))
    .join('\n');

/** `path:line (what)` for every write in `text` that `path` does not own. */
function foreignWrites(path: string, text: string): string[] {
  const code = withoutCommentLines(text);
  return RULES.flatMap((rule) => {
    if (rule.owners.some((owner) => path.startsWith(owner))) return [];
    return [...code.matchAll(rule.pattern)].map((match) => `${path}:${code.slice(0, match.index).split('\n').length} (${rule.what})`);
  });
}

/** The `///` comment above each field of a Prisma model, by field name. */
function fieldComments(schema: string, model: string): Map<string, string> {
  const body = schema.match(new RegExp(`model ${model} \\{([\\s\\S]*?)\\n\\}`))?.[1] ?? '';
  const comments = new Map<string, string>();
  let pending: string[] = [];
  for (const line of body.split('\n')) {
    const trimmed = line.trim();
    if (trimmed.startsWith('///')) pending.push(trimmed.slice(3));
    else if (/^\w+\s/.test(trimmed)) {
      comments.set(trimmed.split(/\s/)[0]!, pending.join(' '));
      pending = [];
    } else pending = [];
  }
  return comments;
}

const files = sourceFiles(join(root, 'src')).map((path) => ({ path: relative(root, path), text: readFileSync(path, 'utf8') }));

describe('handoff columns', () => {
  it('are written only by their owner: src/handoff/ (and the text-only notice by the turn commit)', () => {
    expect(files.flatMap((file) => foreignWrites(file.path, file.text))).toEqual([]);
  });

  it('are erased by privacy/ only in handoffs.note', () => {
    const entries = files
      .filter((file) => file.path.startsWith('src/privacy/'))
      .flatMap((file) => file.text.split('\n').filter((line) => /table:\s*'handoffs'/.test(line)));
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) expect(entry.replace(/table:\s*'handoffs'/, '')).not.toMatch(/\b(?!note\b)\w+\s*(=|:\s*'NULL')/);
  });

  it('each name their writer in the schema', () => {
    const schema = readFileSync(join(root, 'prisma/schema.prisma'), 'utf8');
    const handoff = fieldComments(schema, 'Handoff');
    for (const column of ['tenantId', 'conversationId', 'reason', 'note', 'status', 'attendant', 'runId', 'claimedAt', 'resolvedAt']) {
      expect(handoff.get(column), column).toMatch(/src\/handoff\//);
    }
    const conversation = fieldComments(schema, 'Conversation');
    expect(conversation.get('handoffNoticeSentAt')).toMatch(/Single writer: src\/handoff\//);
    expect(conversation.get('closedAt')).toMatch(/Single writer: src\/handoff\//);
    expect(conversation.get('textOnlyNoticeAt')).toMatch(/Single writer: src\/conversation\/commit-turn-ending\.ts/);
  });

  it('notices a write outside the owner (the check can fire)', () => {
    const probe = [
      '// UPDATE handoffs in a comment is fine',
      "await tx.$executeRaw`UPDATE handoffs SET status = 'resolved'`;",
      "await tx.handoff.updateMany({ where: {}, data: { status: 'resolved' } });",
      'await tx.$executeRaw`UPDATE conversations SET handoff_notice_sent_at = NULL`;',
      'await tx.conversation.updateMany({ where: { id }, data: {',
      '  handoffNoticeSentAt: null } });',
      'const read = await tx.conversation.findFirst({ select: { handoffNoticeSentAt: true } });',
      'await tx.$executeRaw`SELECT 1 FROM conversations WHERE handoff_notice_sent_at IS NULL`;',
    ].join('\n');
    expect(foreignWrites('src/conversation/probe.ts', probe)).toEqual([
      'src/conversation/probe.ts:2 (SQL write of handoffs)',
      'src/conversation/probe.ts:3 (Prisma write of handoffs)',
      'src/conversation/probe.ts:4 (SQL write of handoff_notice_sent_at)',
      'src/conversation/probe.ts:5 (Prisma write of handoffNoticeSentAt)',
    ]);
    expect(foreignWrites('src/handoff/probe.ts', probe)).toEqual([]);
  });
});
