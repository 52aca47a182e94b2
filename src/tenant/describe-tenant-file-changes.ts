import type { TenantFile } from './tenant-file-schema.js';

/** What an import changed in one part of the salon, in the tenant file's own terms. */
export interface TenantFileChange {
  change: 'added' | 'changed' | 'retired';
  /** `salon`: a block of the file's top level (`booking`, `reminders`, …), named by `key` */
  entity: 'service' | 'variant' | 'resource' | 'professional' | 'salon';
  key: string;
  /** the entry's name as the salon calls it (the newer one when renamed); the block's key for `salon` */
  name: string;
  /** the fields that differ (`priceCents`, `hours`; a block's own fields, `minNoticeMinutes`); empty when added or retired */
  fields: string[];
}

type Entry = { key: string; name: string } & Record<string, unknown>;

/** Blocks compared field by field; the others are compared whole. */
const FIELD_BLOCKS = new Set(['assistant', 'booking', 'whatsapp']);
/** Top-level fields that are lists of entries, compared entry by entry. */
const ENTRY_LISTS = new Set(['services', 'resources', 'professionals']);

/**
 * What differs between two exports of one tenant (before and after an import), entry by entry:
 * services, their variants, resources and professionals added, changed (which fields) or
 * retired, then each top-level block that changed. Both sides should be exports
 * (`exportTenantFile`), so order and defaults never show up as changes. Pure.
 */
export function describeTenantFileChanges(before: TenantFile | null, after: TenantFile): TenantFileChange[] {
  const changes: TenantFileChange[] = [
    ...entryChanges('service', servicesOf(before), servicesOf(after)),
    ...entryChanges('variant', variantsOf(before), variantsOf(after)),
    ...entryChanges('resource', (before?.resources ?? []) as Entry[], (after.resources ?? []) as Entry[]),
    ...entryChanges('professional', (before?.professionals ?? []) as Entry[], after.professionals as Entry[]),
  ];
  const beforeBlocks = (before ?? {}) as Record<string, unknown>;
  const afterBlocks = after as unknown as Record<string, unknown>;
  const blocks = [...new Set([...Object.keys(beforeBlocks), ...Object.keys(afterBlocks)])].filter((key) => !ENTRY_LISTS.has(key));
  for (const block of blocks) {
    const old = beforeBlocks[block];
    const now = afterBlocks[block];
    if (same(old, now)) continue;
    const fields = FIELD_BLOCKS.has(block) && isRecord(old) && isRecord(now) ? differingFields(old, now) : [];
    changes.push({ change: 'changed', entity: 'salon', key: block, name: block, fields });
  }
  return changes;
}

function servicesOf(file: TenantFile | null): Entry[] {
  return (file?.services ?? []).map(({ variants: _variants, ...service }) => service as Entry);
}

function variantsOf(file: TenantFile | null): Entry[] {
  return (file?.services ?? []).flatMap((service) => (service.variants ?? []).map((variant) => ({ ...variant, parent: service.key })));
}

function entryChanges(entity: TenantFileChange['entity'], before: Entry[], after: Entry[]): TenantFileChange[] {
  const old = new Map(before.map((entry) => [entry.key, entry]));
  const now = new Map(after.map((entry) => [entry.key, entry]));
  const changes: TenantFileChange[] = [];
  for (const entry of after) {
    const previous = old.get(entry.key);
    if (!previous) changes.push({ change: 'added', entity, key: entry.key, name: entry.name, fields: [] });
    else if (!same(previous, entry)) {
      changes.push({ change: 'changed', entity, key: entry.key, name: entry.name, fields: differingFields(previous, entry) });
    }
  }
  for (const entry of before) {
    if (!now.has(entry.key)) changes.push({ change: 'retired', entity, key: entry.key, name: entry.name, fields: [] });
  }
  return changes;
}

function differingFields(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields.filter((field) => !same(before[field], after[field])).sort();
}

function same(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  return (
    JSON.stringify(value, (_key, inner: unknown) =>
      isRecord(inner) ? Object.fromEntries(Object.entries(inner).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))) : inner,
    ) ?? 'undefined'
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
