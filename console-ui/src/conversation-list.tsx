import { useCallback, useEffect, useState } from 'preact/hooks';
import type { ConversationList, ConversationListEntry, Session } from '../../src/contract/index.js';
import { api, errorText } from './api.js';
import { dateTimeText } from './format.js';
import { useLiveEvents } from './live-events.js';
import { hrefOf, linkProps } from './router.js';

/** The inbox's filters: `handledBy` values, the extra `filter` values and `status=closed` of `GET /admin/conversations`. */
const FILTERS = [
  { value: '', label: 'Todas' },
  { value: 'handledBy=bot', label: 'Com o robô' },
  { value: 'handledBy=staff', label: 'Com a equipe' },
  { value: 'filter=mine', label: 'Minhas' },
  { value: 'filter=unassigned', label: 'Sem responsável' },
  { value: 'filter=waiting', label: 'Aguardando pessoa' },
  { value: 'status=closed', label: 'Encerradas' },
] as const;

const SEARCH_DELAY_MS = 250;

function handlerText(item: ConversationListEntry): string {
  if (item.status === 'closed') return 'Encerrada (robô em silêncio)';
  if (!item.openHandoff) return 'Com o robô';
  if (item.openHandoff.status === 'pending') return 'Aguardando uma pessoa';
  return `Com ${item.openHandoff.attendant ?? 'a equipe'}`;
}

/** Every conversation, latest activity first, with a search box and the inbox's filters. */
export function ConversationListSection(props: { session: Session }) {
  const zone = props.session.tenant.timezone;
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState('');
  const [items, setItems] = useState<ConversationListEntry[] | null>(null);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const pathOf = useCallback(
    (cursor: string | null) => {
      const parts = ['limit=30'];
      if (query.trim()) parts.push(`q=${encodeURIComponent(query.trim())}`);
      if (filter) parts.push(filter);
      if (cursor) parts.push(`cursor=${encodeURIComponent(cursor)}`);
      return `/admin/conversations?${parts.join('&')}`;
    },
    [query, filter],
  );

  const load = useCallback(async () => {
    try {
      const page = await api<ConversationList>('GET', pathOf(null));
      setItems(page.items);
      setNextCursor(page.nextCursor);
      setError(null);
    } catch (caught) {
      setError(errorText(caught));
    }
  }, [pathOf]);

  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    const timer = setTimeout(() => setQuery(search), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);
  useLiveEvents(() => void load());

  const more = async () => {
    if (!nextCursor) return;
    try {
      const page = await api<ConversationList>('GET', pathOf(nextCursor));
      setItems((current) => [...(current ?? []), ...page.items]);
      setNextCursor(page.nextCursor);
    } catch (caught) {
      setError(errorText(caught));
    }
  };

  return (
    <section aria-labelledby="all-title" class="all-conversations">
      <h2 id="all-title">Todas as conversas</h2>
      <div class="conversation-filters">
        <label for="conversation-search">Buscar por nome, telefone ou mensagem</label>
        <input
          id="conversation-search"
          type="search"
          value={search}
          maxLength={100}
          onInput={(event) => setSearch((event.target as HTMLInputElement).value)}
        />
        <label for="conversation-filter">Mostrar</label>
        <select id="conversation-filter" value={filter} onChange={(event) => setFilter((event.target as HTMLSelectElement).value)}>
          {FILTERS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {error ? (
        <p class="error" role="alert">
          {error}
        </p>
      ) : null}
      {!items ? <p>Carregando…</p> : null}
      {items && items.length === 0 ? <p class="empty">Nenhuma conversa encontrada.</p> : null}
      <ul class="conversation-list" aria-label="Todas as conversas">
        {(items ?? []).map((item) => (
          <li key={item.id} class={`conversation-item handled-${item.handledBy} ${item.status}`} data-conversation-id={item.id}>
            <a {...linkProps(hrefOf({ page: 'conversation', id: item.id }))} class="conversation-link">
              <span class="customer">
                {item.customer.name ?? item.customer.username ?? 'Cliente sem nome'}
                {item.unread > 0 ? (
                  <span class="badge new">{item.unread === 1 ? '1 não respondida' : `${item.unread} não respondidas`}</span>
                ) : null}
              </span>
              <span class="phone">{item.customer.phone}</span>
              <span class="last">{item.lastMessage?.text ?? (item.lastMessage ? `(${item.lastMessage.type})` : 'Sem mensagens')}</span>
              <time dateTime={item.lastMessageAt}>{dateTimeText(item.lastMessageAt, zone)}</time>
              <span class="owner">{handlerText(item)}</span>
            </a>
          </li>
        ))}
      </ul>
      {nextCursor ? (
        <button type="button" class="secondary" onClick={() => void more()}>
          Mostrar mais conversas
        </button>
      ) : null}
    </section>
  );
}
