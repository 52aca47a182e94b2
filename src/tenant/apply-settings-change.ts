import type { TenantFile } from './tenant-file-schema.js';

type Fields = Record<string, unknown>;
type Path = (string | number)[];

/**
 * A change the owner saves from the console or the admin API, in the tenant file's own terms:
 * the fields sent are merged into the current file (a `null` removes an optional field), and the
 * whole file is then validated as an import would be. `retired: true` takes a service (or
 * variant) or professional out of the file: the import deactivates it, keeping its history.
 */
export type SettingsChange =
  | { kind: 'settings'; fields: Fields }
  | { kind: 'add_service'; fields: Fields }
  | { kind: 'edit_service'; key: string; fields: Fields }
  | { kind: 'add_professional'; fields: Fields }
  | { kind: 'edit_professional'; key: string; fields: Fields }
  | { kind: 'add_resource'; fields: Fields }
  | { kind: 'edit_resource'; key: string; fields: Fields }
  /** a whole tenant file the owner uploaded: it replaces the salon's data (its slug and WhatsApp number stay) */
  | { kind: 'import_file'; fields: Fields };

export interface AppliedChange {
  /** the file to validate and write (unvalidated: the merge keeps whatever was sent) */
  file: Record<string, unknown>;
  /** where the request's fields sit in the file: an issue under it is named at the request's field */
  scope: Path;
  /** the key added, changed or retired; null for the settings */
  key: string | null;
  retired: boolean;
  /** problems the merge itself finds (a key that may not change), named at the request's field */
  refusals: { path: Path; message: string }[];
}

/** The top-level blocks `PUT /admin/settings` changes; `booking` and `assistant` merge field by field. */
export const SETTINGS_FIELDS = ['name', 'assistant', 'booking', 'reminders', 'templates', 'holidays'] as const;
const MERGED_BLOCKS = new Set(['assistant', 'booking']);

/**
 * The file after a change, or null when the change names a service or professional the file
 * does not have. Pure: `takenKeys` are every key the tenant ever used (retired rows included),
 * so a derived key never revives an old row by accident.
 */
export function applySettingsChange(
  current: TenantFile,
  change: SettingsChange,
  takenKeys: { services: ReadonlySet<string>; professionals: ReadonlySet<string>; resources: ReadonlySet<string> },
): AppliedChange | null {
  if (change.kind === 'import_file') return importedFile(current, change.fields);
  const file = structuredClone(current) as unknown as Record<string, unknown> & {
    services: Fields[];
    professionals: Fields[];
    resources?: Fields[];
  };
  const { retired, fields, keyRefusal } = splitFields(change);
  if (change.kind === 'add_service' || change.kind === 'edit_service') giveVariantsKeys(fields, takenKeys.services);
  const refusals: AppliedChange['refusals'] = keyRefusal ? [{ path: ['key'], message: keyRefusal }] : [];
  switch (change.kind) {
    case 'settings': {
      for (const [field, value] of Object.entries(fields)) {
        if (MERGED_BLOCKS.has(field) && isRecord(value) && isRecord(file[field])) file[field] = merged(file[field] as Fields, value);
        else if (value === null) delete file[field];
        else file[field] = value;
      }
      return { file, scope: [], key: null, retired: false, refusals };
    }
    case 'add_service': {
      const key = typeof fields.key === 'string' ? fields.key : freeKey(fields.name, takenKeys.services);
      file.services.push(withoutNulls({ ...fields, key }));
      return { file, scope: ['services', file.services.length - 1], key, retired: false, refusals };
    }
    case 'add_professional': {
      const key = typeof fields.key === 'string' ? fields.key : freeKey(fields.name, takenKeys.professionals);
      file.professionals.push(withoutNulls({ ...fields, key }));
      return { file, scope: ['professionals', file.professionals.length - 1], key, retired: false, refusals };
    }
    case 'add_resource': {
      const key = typeof fields.key === 'string' ? fields.key : freeKey(fields.name, takenKeys.resources);
      file.resources = [...(file.resources ?? []), withoutNulls({ ...fields, key })];
      return { file, scope: ['resources', file.resources.length - 1], key, retired: false, refusals };
    }
    case 'edit_resource': {
      const resources = file.resources ?? [];
      const index = resources.findIndex((resource) => resource.key === change.key);
      if (index < 0) return null;
      if (retired) {
        resources.splice(index, 1);
        if (resources.length === 0) delete file.resources;
      } else resources[index] = merged(resources[index]!, fields);
      return { file, scope: ['resources', index], key: change.key, retired, refusals };
    }
    case 'edit_professional': {
      const index = file.professionals.findIndex((professional) => professional.key === change.key);
      if (index < 0) return null;
      if (retired) file.professionals.splice(index, 1);
      else file.professionals[index] = merged(file.professionals[index]!, fields);
      return { file, scope: ['professionals', index], key: change.key, retired, refusals };
    }
    case 'edit_service': {
      const place = findService(file.services, change.key);
      if (!place) return null;
      const { index, variantIndex } = place;
      const parent = file.services[index]!;
      const variants = Array.isArray(parent.variants) ? (parent.variants as Fields[]) : [];
      const scope: Path = variantIndex === null ? ['services', index] : ['services', index, 'variants', variantIndex];
      if (!retired) {
        if (variantIndex === null) file.services[index] = merged(parent, fields);
        else variants[variantIndex] = merged(variants[variantIndex]!, fields);
        return { file, scope, key: change.key, retired, refusals };
      }
      const gone = new Set([change.key]);
      if (variantIndex === null) {
        for (const variant of variants) if (typeof variant.key === 'string') gone.add(variant.key);
        file.services.splice(index, 1);
      } else {
        variants.splice(variantIndex, 1);
        if (variants.length === 0) delete parent.variants;
      }
      // Nobody offers a retired service any more.
      for (const professional of file.professionals) {
        if (Array.isArray(professional.services)) {
          professional.services = professional.services.filter((entry) => !gone.has(keyOf(entry)));
        }
      }
      return { file, scope, key: change.key, retired, refusals };
    }
  }
}

/** `retired` out of the fields; a `key` in an edit that differs from the row's is refused (rows are matched by key). */
function splitFields(change: SettingsChange): { retired: boolean; fields: Fields; keyRefusal: string | null } {
  const { retired, ...fields } = change.fields;
  let keyRefusal: string | null = null;
  const isEdit = change.kind === 'edit_service' || change.kind === 'edit_professional' || change.kind === 'edit_resource';
  if (isEdit && 'key' in fields) {
    if (fields.key !== change.key) keyRefusal = 'a chave não muda depois de criada (crie outro e retire este)';
    delete fields.key;
  }
  return { retired: retired === true, fields, keyRefusal };
}

/**
 * An uploaded tenant file in place of the current one. It must be this salon's (same slug) and
 * may not move the WhatsApp number or carry its token: those stay the operator's, at the command
 * line. Everything else is the file's, validated whole afterwards like any change.
 */
function importedFile(current: TenantFile, uploaded: Fields): AppliedChange {
  const refusals: AppliedChange['refusals'] = [];
  if (uploaded.slug !== undefined && uploaded.slug !== current.slug) {
    refusals.push({ path: ['slug'], message: `o arquivo é de outro salão ("${String(uploaded.slug)}"); este é "${current.slug}"` });
  }
  const whatsapp: Fields = isRecord(uploaded.whatsapp) ? uploaded.whatsapp : {};
  if (whatsapp.phoneNumberId !== undefined && whatsapp.phoneNumberId !== current.whatsapp.phoneNumberId) {
    refusals.push({
      path: ['whatsapp', 'phoneNumberId'],
      message: 'o número do WhatsApp não muda pelo console (o operador muda com npm run tenant -- import)',
    });
  }
  if (whatsapp.accessToken !== undefined) {
    refusals.push({
      path: ['whatsapp', 'accessToken'],
      message: 'o token de acesso do WhatsApp não é enviado pelo console (o operador usa npm run tenant -- import)',
    });
  }
  const file = { ...structuredClone(uploaded), slug: current.slug, whatsapp: { ...current.whatsapp } };
  return { file, scope: [], key: null, retired: false, refusals };
}

/** Variants sent without a key get one from their name (the console never asks for keys). */
function giveVariantsKeys(fields: Fields, taken: ReadonlySet<string>): void {
  if (!Array.isArray(fields.variants)) return;
  const used = new Set(taken);
  fields.variants = fields.variants.map((variant: unknown) => {
    if (!isRecord(variant) || typeof variant.key === 'string') return variant;
    const key = freeKey(variant.name, used);
    used.add(key);
    return { ...variant, key };
  });
}

function findService(services: Fields[], key: string): { index: number; variantIndex: number | null } | null {
  for (const [index, service] of services.entries()) {
    if (service.key === key) return { index, variantIndex: null };
    const variants = Array.isArray(service.variants) ? (service.variants as Fields[]) : [];
    const variantIndex = variants.findIndex((variant) => variant.key === key);
    if (variantIndex >= 0) return { index, variantIndex };
  }
  return null;
}

/** The current fields with the sent ones over them; a sent `null` removes the field. */
function merged(current: Fields, sent: Fields): Fields {
  return withoutNulls({ ...current, ...sent });
}

function withoutNulls(fields: Fields): Fields {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null));
}

function keyOf(entry: unknown): string {
  if (typeof entry === 'string') return entry;
  return isRecord(entry) && typeof entry.key === 'string' ? entry.key : '';
}

/**
 * A key from a name ("Escova Progressiva" → "escova-progressiva"), with "-2", "-3", … when the
 * tenant has used it before. A name with no letter or digit gives "item".
 */
export function freeKey(name: unknown, taken: ReadonlySet<string>): string {
  const base =
    String(typeof name === 'string' ? name : '')
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 50)
      .replace(/-+$/, '') || 'item';
  if (!taken.has(base)) return base;
  for (let suffix = 2; ; suffix++) if (!taken.has(`${base}-${suffix}`)) return `${base}-${suffix}`;
}

function isRecord(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
