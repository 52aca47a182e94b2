import { useCallback, useEffect, useState } from 'preact/hooks';
import type { QueueItem, Session } from '../../src/contract/index.js';
import { api, errorText } from './api.js';
import { ConversationListSection } from './conversation-list.js';
import { waitText } from './format.js';
import { useLiveEvents } from './live-events.js';
import { hrefOf, linkProps } from './router.js';

interface Queue {
  pending: QueueItem[];
  claimed: QueueItem[];
}

export function InboxPage(props: { session: Session }) {
  const [queue, setQueue] = useState<Queue | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [unread, setUnread] = useState<Set<number>>(new Set());
  const [loadedAt, setLoadedAt] = useState(Date.now());
  const [now, setNow] = useState(Date.now());

  const load = useCallback(async () => {
    try {
      const [pending, claimed] = await Promise.all([
        api<{ items: QueueItem[] }>('GET', '/admin/handoffs?status=pending&limit=100'),
        api<{ items: QueueItem[] }>('GET', '/admin/handoffs?status=claimed&limit=100'),
      ]);
      setQueue({ pending: pending.items, claimed: claimed.items });
      setLoadedAt(Date.now());
      setError(null);
    } catch (caught) {
      setError(errorText(caught));
    }
  }, []);

  useEffect(() => {
    void load();
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, [load]);

  useLiveEvents((event) => {
    if (event.type === 'handoffs') {
      if (event.newPendingIds.length > 0) {
        setAnnouncement(
          event.newPendingIds.length === 1
            ? 'Nova conversa aguardando atendimento.'
            : `${event.newPendingIds.length} novas conversas aguardando.`,
        );
      }
      void load();
    } else if (event.type === 'message') {
      if (event.direction === 'inbound') setUnread((current) => new Set(current).add(event.conversationId));
    } else void load();
  });

  const elapsed = Math.max(0, Math.round((now - loadedAt) / 1000));
  const row = (item: QueueItem) => {
    const name = item.customer.name ?? 'Cliente sem nome';
    const waiting = item.status === 'pending' ? item.waitSeconds + elapsed : item.waitSeconds;
    return (
      <li key={item.id} class={`queue-item ${item.status}`} data-handoff-id={item.id}>
        <a {...linkProps(hrefOf({ page: 'conversation', id: item.conversationId }))} class="queue-link">
          <span class="customer">
            {name}
            {unread.has(item.conversationId) ? <span class="badge new">nova mensagem</span> : null}
          </span>
          <span class="phone">{item.customer.phone}</span>
          <span class="reason">{item.reasonLabel}</span>
          <span class="wait">{item.status === 'pending' ? `Aguardando há ${waitText(waiting)}` : `Esperou ${waitText(waiting)}`}</span>
          <span class="owner">{item.status === 'claimed' ? `Com ${item.attendant ?? '—'}` : 'Ninguém assumiu ainda'}</span>
        </a>
      </li>
    );
  };

  return (
    <section>
      <h1 tabIndex={-1}>Atendimento</h1>
      <p class="sr-only" aria-live="polite">
        {announcement}
      </p>
      {error ? (
        <p class="error" role="alert">
          {error}
        </p>
      ) : null}
      {!queue ? <p>Carregando…</p> : null}
      {queue ? (
        <div class="queues">
          <section aria-labelledby="pending-title">
            <h2 id="pending-title">Aguardando ({queue.pending.length})</h2>
            {queue.pending.length === 0 ? <p class="empty">Nenhuma conversa aguardando. O robô está dando conta.</p> : null}
            <ul class="queue" aria-label="Conversas aguardando">
              {queue.pending.map(row)}
            </ul>
          </section>
          <section aria-labelledby="claimed-title">
            <h2 id="claimed-title">Em atendimento ({queue.claimed.length})</h2>
            {queue.claimed.length === 0 ? <p class="empty">Ninguém está atendendo agora.</p> : null}
            <ul class="queue" aria-label="Conversas em atendimento">
              {queue.claimed.map(row)}
            </ul>
          </section>
        </div>
      ) : null}
      <ConversationListSection session={props.session} />
    </section>
  );
}
