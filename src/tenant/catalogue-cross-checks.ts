type Path = (string | number)[];
type Report = (path: Path, message: string) => void;

/**
 * The catalogue's cross-field rules, on the raw input (malformed parts already have their own
 * issue and are skipped): variant keys are unique among every service and variant key, a
 * service names only known resources (once each), `priceFrom` needs a price, and resource keys
 * are unique. Messages are English for the operator, like every tenant-file message, and name
 * the first occurrence of a duplicate. Returns every bookable key (services and variants) for the professionals' check.
 */
export function addCatalogueIssues(root: Record<string, unknown>, serviceKeys: ReadonlySet<string>, report: Report): Set<string> {
  const services = Array.isArray(root.services) ? root.services : [];
  // Where each bookable key first appears ("services[0]", "services[1].variants[0]"), to name it in a duplicate's message.
  const bookable = new Map<string, string>();
  services.forEach((entry, index) => {
    const key = asRecord(entry)?.key;
    if (typeof key === 'string' && serviceKeys.has(key) && !bookable.has(key)) bookable.set(key, `services[${index}]`);
  });
  const resources = Array.isArray(root.resources) ? root.resources : [];
  const resourceKeys = new Map<string, number>();
  resources.forEach((entry, index) => {
    const key = asRecord(entry)?.key;
    if (typeof key !== 'string') return;
    const first = resourceKeys.get(key);
    if (first !== undefined) report(['resources', index, 'key'], `duplicate resource key "${key}" (also resources[${first}])`);
    else resourceKeys.set(key, index);
  });
  services.forEach((entry, index) => {
    const service = asRecord(entry);
    if (!service) return;
    const base: Path = ['services', index];
    if (service.priceFrom === true && typeof service.priceCents !== 'number') {
      report([...base, 'priceFrom'], 'priceFrom needs a price: add priceCents');
    }
    if (Array.isArray(service.resources)) {
      const seen = new Map<string, number>();
      service.resources.forEach((key, position) => {
        if (typeof key !== 'string') return;
        const path: Path = [...base, 'resources', position];
        const first = seen.get(key);
        if (!resourceKeys.has(key)) report(path, `unknown resource key "${key}" (not in resources)`);
        else if (first !== undefined) report(path, `resource "${key}" is listed twice (also services[${index}].resources[${first}])`);
        if (first === undefined) seen.set(key, position);
      });
    }
    if (!Array.isArray(service.variants)) return;
    service.variants.forEach((variantEntry, position) => {
      const variant = asRecord(variantEntry);
      if (!variant) return;
      const path: Path = [...base, 'variants', position];
      if (variant.priceFrom === true && typeof (variant.priceCents ?? service.priceCents) !== 'number') {
        report([...path, 'priceFrom'], 'priceFrom needs a price: add priceCents here or on its service');
      }
      if (typeof variant.key !== 'string') return;
      const first = bookable.get(variant.key);
      if (first !== undefined) report([...path, 'key'], `duplicate service key "${variant.key}" (also ${first})`);
      else bookable.set(variant.key, `services[${index}].variants[${position}]`);
    });
  });
  return new Set(bookable.keys());
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}
