type Path = (string | number)[];
type Report = (path: Path, message: string) => void;

/**
 * The catalogue's cross-field rules, on the raw input (malformed parts already have their own
 * issue and are skipped): variant keys are unique among every service and variant key, a
 * service names only known resources (once each), `priceFrom` needs a price, and resource keys
 * are unique. Returns every bookable key (services and variants) for the professionals' check.
 */
export function addCatalogueIssues(root: Record<string, unknown>, serviceKeys: ReadonlySet<string>, report: Report): Set<string> {
  const bookable = new Set(serviceKeys);
  const resources = Array.isArray(root.resources) ? root.resources : [];
  const resourceKeys = new Set<string>();
  resources.forEach((entry, index) => {
    const key = asRecord(entry)?.key;
    if (typeof key !== 'string') return;
    if (resourceKeys.has(key)) report(['resources', index, 'key'], `duplicate resource key "${key}"`);
    resourceKeys.add(key);
  });
  const services = Array.isArray(root.services) ? root.services : [];
  services.forEach((entry, index) => {
    const service = asRecord(entry);
    if (!service) return;
    const base: Path = ['services', index];
    checkPriceFrom(service, base, service.priceCents, report);
    if (Array.isArray(service.resources)) {
      const seen = new Set<string>();
      service.resources.forEach((key, position) => {
        if (typeof key !== 'string') return;
        if (!resourceKeys.has(key)) report([...base, 'resources', position], `unknown resource key "${key}" (not in resources)`);
        else if (seen.has(key)) report([...base, 'resources', position], `resource "${key}" is listed twice`);
        seen.add(key);
      });
    }
    if (!Array.isArray(service.variants)) return;
    service.variants.forEach((variantEntry, position) => {
      const variant = asRecord(variantEntry);
      if (!variant) return;
      const path: Path = [...base, 'variants', position];
      checkPriceFrom(variant, path, variant.priceCents ?? service.priceCents, report);
      if (typeof variant.key !== 'string') return;
      if (bookable.has(variant.key)) report([...path, 'key'], `duplicate service key "${variant.key}" (a service or variant has it)`);
      bookable.add(variant.key);
    });
  });
  return bookable;
}

function checkPriceFrom(entry: Record<string, unknown>, path: Path, price: unknown, report: Report): void {
  if (entry.priceFrom === true && typeof price !== 'number') report([...path, 'priceFrom'], '"a partir de" needs priceCents');
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}
