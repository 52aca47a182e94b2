// The salon's settings pages: the settings, the catalogue with ids, the changes made, as the
// console reads them (JSON: times are strings). The server's body builders return `Sent<…>` of
// these, so a field the console relies on cannot go missing or change type without the server's
// build failing.

/** A weekday key of a professional's `hours` (as in the tenant file). */
export type WeekdayKey = 'sun' | 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat';

/** A service of `GET /admin/settings`, as in the tenant file, with its id. */
export interface SettingsService {
  id: number | null;
  key: string;
  name: string;
  durationMinutes: number;
  priceCents?: number;
  priceFrom?: boolean;
  bufferAfterMinutes?: number;
  resources?: string[];
  variants: { id: number | null; key: string; name: string; durationMinutes?: number; priceCents?: number; priceFrom?: boolean }[];
}

/** A shared resource of `GET /admin/settings` (a room, a chair, a machine), as in the tenant file, with its id. */
export interface SettingsResource {
  id: number | null;
  key: string;
  name: string;
  /** how many services can use it at once */
  count: number;
}

/** A resource of `GET /admin/resources`, with the active services that need it. */
export interface ResourceItem extends SettingsResource {
  services: { id: number; name: string }[];
}

/** What an uploaded tenant file changed (`POST /admin/tenant-file`), entry by entry; as tenant/describeTenantFileChanges. */
export interface TenantFileChangeItem {
  change: 'added' | 'changed' | 'retired';
  entity: 'service' | 'variant' | 'resource' | 'professional' | 'salon';
  key: string;
  name: string;
  fields: string[];
}

/** A recorded change to the salon (`GET /admin/settings/changes`), newest first. */
export interface SettingsChangeItem {
  id: number;
  at: string;
  /** staff_account: the account's name; api_key: its label and prefix; cli: the operator's `npm run tenant -- import` (no name) */
  actor: { kind: 'staff_account' | 'api_key' | 'cli'; name: string | null };
  /** settings | service_added | service_changed | service_retired | professional_… | resource_… | file_imported */
  change: string;
  targetKey: string | null;
  /** what a file import changed; null for the other changes */
  changes: TenantFileChangeItem[] | null;
}

/** A professional of `GET /admin/settings`, as in the tenant file, with its id. */
export interface SettingsProfessional {
  id: number | null;
  key: string;
  name: string;
  services: (string | { key: string; priceCents?: number; durationMinutes?: number })[];
  hours: Partial<Record<WeekdayKey, [string, string][]>>;
  timeOff?: { from: string; to: string }[];
}

/** `GET /admin/settings` (owner): the tenant file's settings, the catalogue with ids, the first-run checklist */
export interface SalonSettings {
  name: string;
  timezone: string;
  assistant: { businessInfo: string; address?: string; paymentMethods?: string; ownerReplyPauseMinutes?: number };
  booking: { minNoticeMinutes: number; horizonDays: number; slotStepMinutes: number; cancelNoticeMinutes?: number };
  reminders: { beforeMinutes: number; template: string; language: string }[];
  holidays: { country: string; state?: string; city?: string; open?: string[]; closed?: string[] } | null;
  /** rooms, basins, chairs: a service that needs one holds one unit */
  resources: SettingsResource[];
  services: SettingsService[];
  professionals: SettingsProfessional[];
  checklist: { steps: { step: 'services' | 'professionals' | 'hours' | 'test_booking'; done: boolean }[]; done: boolean };
}
