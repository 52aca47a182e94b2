import type { Db } from '../db/index.js';
import type { Logger } from '../shared/index.js';
import { type ConsoleEventListener, TenantChangePoller } from './tenant-change-poller.js';

/**
 * One poller per tenant with at least one open console, shared by all of that tenant's
 * open pages in this process, stopped when the last one closes.
 */
export class ConsoleEventHub {
  private readonly shutdowns = new Set<() => void>();
  private readonly tenants = new Map<number, { poller: TenantChangePoller; listeners: Set<ConsoleEventListener>; ready: Promise<void> }>();

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
    private readonly intervalMs: number,
  ) {}

  /** Calls `end` at shutdown (an open stream must end for the server to close); returns the deregistration. */
  onShutdown(end: () => void): () => void {
    this.shutdowns.add(end);
    return () => this.shutdowns.delete(end);
  }

  /** Starts listening; resolves (once the poller has its starting point) to the unsubscribe function. */
  async subscribe(tenantId: number, listener: ConsoleEventListener): Promise<() => void> {
    let entry = this.tenants.get(tenantId);
    if (!entry) {
      const listeners = new Set<ConsoleEventListener>();
      const poller = new TenantChangePoller(
        this.db,
        tenantId,
        this.intervalMs,
        (event) => {
          for (const each of listeners) each(event);
        },
        (error) => this.logger.warn({ err: error, tenantId }, 'console event poll failed; retrying at the next interval'),
      );
      entry = { poller, listeners, ready: poller.start() };
      this.tenants.set(tenantId, entry);
    }
    entry.listeners.add(listener);
    await entry.ready;
    const current = entry;
    return () => {
      current.listeners.delete(listener);
      if (current.listeners.size === 0 && this.tenants.get(tenantId) === current) {
        current.poller.stop();
        this.tenants.delete(tenantId);
      }
    };
  }

  stopAll(): void {
    for (const end of [...this.shutdowns]) end();
    this.shutdowns.clear();
    for (const entry of this.tenants.values()) entry.poller.stop();
    this.tenants.clear();
  }
}
