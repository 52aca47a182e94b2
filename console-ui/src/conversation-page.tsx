import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { ConversationDetail, CustomerAppointment, Session } from '../../src/contract/index.js';
import { api, errorText } from './api.js';
import { dateTimeText } from './format.js';
import { useLiveEvents } from './live-events.js';
import { APPOINTMENT_STATUS_LABELS, authorLabel, deliveryLabel, kindLabel } from './message-labels.js';
import { hrefOf, linkProps, navigate } from './router.js';

const WINDOW_MS = 24 * 60 * 60 * 1000;

export function ConversationPage(props: { id: number; session: Session }) {
  const { id, session } = props;
  const zone = session.tenant.timezone;
  const [detail, setDetail] = useState<ConversationDetail | null>(null);
  const [appointments, setAppointments] = useState<CustomerAppointment[]>([]);
  const [missing, setMissing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const [text, setText] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const logRef = useRef<HTMLOListElement>(null);

  const load = useCallback(async () => {
    try {
      const [conversation, list] = await Promise.all([
        api<ConversationDetail>('GET', `/admin/conversations/${id}?limit=500`),
        api<{ items: CustomerAppointment[] }>('GET', `/console/api/conversations/${id}/appointments`),
      ]);
      setDetail(conversation);
      setAppointments(list.items);
    } catch (caught) {
      if ((caught as { status?: number }).status === 404) setMissing(true);
      else setError(errorText(caught));
    }
  }, [id]);

  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    logRef.current?.lastElementChild?.scrollIntoView({ block: 'end' });
  }, [detail?.messages.length]);
  useLiveEvents((event) => {
    if (event.type === 'reconnected' || event.type === 'handoffs' || event.conversationId === id) void load();
  });

  const act = async (what: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setError(null);
    try {
      await what();
      setNotice(done);
      await load();
    } catch (caught) {
      setError(errorText(caught));
      await load();
    } finally {
      setBusy(false);
    }
  };

  if (missing) {
    return (
      <section>
        <h1 tabIndex={-1}>Conversa não encontrada</h1>
        <p>
          <a {...linkProps(hrefOf({ page: 'inbox' }))}>Voltar ao atendimento</a>
        </p>
      </section>
    );
  }
  if (!detail) return <p>Carregando…</p>;

  const handoff = detail.openHandoff;
  const lastInbound = detail.conversation.lastInboundAt ? new Date(detail.conversation.lastInboundAt).getTime() : null;
  const windowOpen = detail.customerWindow.open && lastInbound !== null && Date.now() - lastInbound < WINDOW_MS;
  const reopenTemplate = windowOpen ? null : detail.customerWindow.reopenTemplate;
  const mine = handoff?.status === 'claimed' && handoff.attendant === session.staff.name;
  const sendBlocked = !windowOpen
    ? `Fora da janela de 24 horas: o cliente não escreve há mais de 24 horas, e o WhatsApp só permite mensagens modelo aprovadas. ${
        reopenTemplate ? 'Reabra a conversa com a mensagem modelo ou aguarde' : 'Aguarde'
      } o cliente escrever.`
    : !handoff
      ? 'O robô está atendendo esta conversa. Assuma a conversa para responder.'
      : handoff.status === 'pending'
        ? 'Assuma a conversa para responder.'
        : !mine
          ? `Esta conversa está com ${handoff.attendant ?? 'outra pessoa'}.`
          : null;
  const customerName = detail.customer.name ?? detail.customer.username ?? 'Cliente sem nome';

  return (
    <section class="conversation">
      <div class="conversation-head">
        <h1 tabIndex={-1}>{customerName}</h1>
        <p class="phone">
          {detail.customer.phone}
          {detail.customer.username ? ` · @${detail.customer.username}` : ''}
        </p>
        {handoff ? (
          <p class="handoff-reason">
            <strong>Motivo do atendimento:</strong> {handoff.reasonLabel}
            {handoff.note ? ` — “${handoff.note}”` : ''}
            <br />
            {handoff.status === 'pending' ? 'Aguardando alguém assumir.' : `Com ${handoff.attendant ?? '—'}.`}
          </p>
        ) : (
          <p class="handoff-reason">O robô está atendendo esta conversa.</p>
        )}
        <div class="actions">
          {handoff?.status === 'pending' ? (
            <button
              type="button"
              disabled={busy}
              onClick={() => act(() => api('POST', `/admin/handoffs/${handoff.id}/claim`, {}), 'Você assumiu a conversa.')}
            >
              Assumir conversa
            </button>
          ) : null}
          {!handoff ? (
            <button
              type="button"
              disabled={busy}
              onClick={() =>
                act(() => api('POST', `/admin/conversations/${id}/takeover`, {}), 'Você assumiu a conversa. O robô fica em silêncio.')
              }
            >
              Assumir conversa
            </button>
          ) : null}
          {handoff ? (
            <button
              type="button"
              class="secondary"
              disabled={busy}
              onClick={() =>
                act(async () => {
                  await api('POST', `/admin/handoffs/${handoff.id}/resolve`, { returnToBot: true });
                  navigate(hrefOf({ page: 'inbox' }));
                }, 'Conversa devolvida ao robô.')
              }
            >
              Resolver e devolver ao robô
            </button>
          ) : null}
        </div>
        <p class="sr-only" aria-live="polite">
          {notice}
        </p>
        {error ? (
          <p class="error" role="alert">
            {error}
          </p>
        ) : null}
      </div>

      <div class="conversation-body">
        <div class="messages-pane">
          <h2 class="sr-only">Mensagens</h2>
          {detail.hasOlderMessages ? <p class="empty">Mensagens mais antigas não mostradas.</p> : null}
          <div role="log" aria-label="Mensagens da conversa, da mais antiga para a mais recente">
            <ol class="messages" ref={logRef}>
              {detail.messages.map((message) => {
                if (message.kind === 'note') {
                  return (
                    <li key={`note-${message.id}`} class="message note" data-note-id={message.id}>
                      <span class="meta">
                        <span class="author">Nota interna · {message.attendant ?? 'Equipe'}</span>
                        <span class="badge">não enviada ao cliente</span>
                        <time dateTime={message.createdAt}>{dateTimeText(message.createdAt, zone)}</time>
                      </span>
                      <span class="text">{message.text}</span>
                    </li>
                  );
                }
                const kind = kindLabel(message);
                const delivery = deliveryLabel(message);
                return (
                  <li key={message.id} class={`message ${message.direction} author-${message.author}`} data-message-id={message.id}>
                    <span class="meta">
                      <span class="author">{authorLabel(message)}</span>
                      {kind ? <span class="badge">{kind}</span> : null}
                      <time dateTime={message.createdAt}>{dateTimeText(message.createdAt, zone)}</time>
                    </span>
                    <span class="text">{message.text ?? '(sem texto)'}</span>
                    {delivery ? <span class={`delivery ${message.status}`}>{delivery}</span> : null}
                  </li>
                );
              })}
            </ol>
          </div>
          <form
            class="reply"
            onSubmit={(event) => {
              event.preventDefault();
              if (!text.trim() || sendBlocked) return;
              void act(async () => {
                await api('POST', `/admin/conversations/${id}/messages`, { text });
                setText('');
              }, 'Mensagem enviada.');
            }}
          >
            <p class={`window ${windowOpen ? 'open' : 'closed'}`}>
              {windowOpen && lastInbound
                ? `Janela de 24 horas aberta até ${dateTimeText(new Date(lastInbound + WINDOW_MS).toISOString(), zone)}.`
                : 'Janela de 24 horas fechada.'}
            </p>
            {reopenTemplate ? (
              <button
                type="button"
                class="secondary reopen"
                disabled={busy}
                onClick={() =>
                  act(
                    () => api('POST', `/admin/conversations/${id}/reopen`, {}),
                    'Mensagem modelo enviada. Quando o cliente responder, a janela de 24 horas abre de novo.',
                  )
                }
              >
                Reabrir conversa com mensagem modelo
              </button>
            ) : null}
            <label for="reply-text">Responder ao cliente</label>
            <textarea
              id="reply-text"
              rows={3}
              maxLength={4096}
              value={text}
              disabled={Boolean(sendBlocked)}
              aria-describedby={sendBlocked ? 'send-blocked' : undefined}
              onInput={(event) => setText((event.target as HTMLTextAreaElement).value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && (event.ctrlKey || event.metaKey))
                  (event.currentTarget.form as HTMLFormElement).requestSubmit();
              }}
            />
            {sendBlocked ? (
              <p id="send-blocked" class="blocked">
                {sendBlocked}
              </p>
            ) : null}
            <button type="submit" disabled={busy || Boolean(sendBlocked) || !text.trim()}>
              Enviar
            </button>
          </form>
          <form
            class="note-form"
            onSubmit={(event) => {
              event.preventDefault();
              if (!note.trim()) return;
              void act(async () => {
                await api('POST', `/admin/conversations/${id}/notes`, { text: note });
                setNote('');
              }, 'Nota interna salva.');
            }}
          >
            <label for="note-text">Nota interna (só a equipe vê; não é enviada ao cliente)</label>
            <textarea
              id="note-text"
              rows={2}
              maxLength={4096}
              value={note}
              onInput={(event) => setNote((event.target as HTMLTextAreaElement).value)}
            />
            <button type="submit" class="secondary" disabled={busy || !note.trim()}>
              Salvar nota
            </button>
          </form>
        </div>
        <aside class="side" aria-labelledby="appointments-title">
          <h2 id="appointments-title">Agendamentos do cliente</h2>
          {appointments.length === 0 ? <p class="empty">Nenhum agendamento recente.</p> : null}
          <ul class="appointments">
            {appointments.map((appointment) => (
              <li key={appointment.id}>
                <strong>
                  {appointment.start.slice(8, 10)}/{appointment.start.slice(5, 7)} às {appointment.start.slice(11, 16)}
                </strong>{' '}
                {appointment.service} com {appointment.professional}
                <span class={`badge status-${appointment.status}`}>
                  {APPOINTMENT_STATUS_LABELS[appointment.status] ?? appointment.status}
                </span>
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </section>
  );
}
