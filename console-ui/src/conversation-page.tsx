import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { Assignee, ConversationDetail, CustomerAppointment, QuickReply, Session } from '../../src/contract/index.js';
import { api, apiUpload, errorText } from './api.js';
import { dateTimeText } from './format.js';
import { useLiveEvents } from './live-events.js';
import { APPOINTMENT_STATUS_LABELS, authorLabel, deliveryLabel, kindLabel } from './message-labels.js';
import { hasMedia, MessageMedia } from './message-media.js';
import { insertQuickReply, matchingQuickReplies, typedShortcut } from './quick-reply-picker.js';
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
  const fileRef = useRef<HTMLInputElement>(null);
  const [fileChosen, setFileChosen] = useState(false);
  const [quickReplies, setQuickReplies] = useState<QuickReply[]>([]);
  const [assignees, setAssignees] = useState<Assignee[]>([]);
  const [assignTo, setAssignTo] = useState('');
  const [highlight, setHighlight] = useState(0);
  const [pickerClosed, setPickerClosed] = useState(false);
  const replyRef = useRef<HTMLTextAreaElement>(null);
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
    api<{ items: QuickReply[] }>('GET', '/admin/quick-replies')
      .then((list) => setQuickReplies(list.items))
      .catch(() => setQuickReplies([]));
    api<{ items: Assignee[] }>('GET', '/admin/assignees')
      .then((list) => setAssignees(list.items))
      .catch(() => setAssignees([]));
  }, []);
  useEffect(() => {
    // The latest message in view inside the messages' own box; the page itself stays where it is
    // (scrollIntoView would also scroll the page, hiding the customer's name and the menu).
    const box = logRef.current?.parentElement;
    if (box) box.scrollTop = box.scrollHeight;
  }, [detail?.messages.length]);
  useLiveEvents((event) => {
    if (event.type === 'reconnected' || event.type === 'handoffs' || (event.type === 'message' && event.conversationId === id)) void load();
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
  const mine = handoff?.status === 'claimed' && handoff.attendantStaffId === session.staff.id;
  const sendBlocked = !windowOpen
    ? `Fora da janela de 24 horas: o cliente não escreve há mais de 24 horas, e o WhatsApp só permite mensagens modelo aprovadas. ${
        reopenTemplate ? 'Reabra a conversa com a mensagem modelo ou aguarde' : 'Aguarde'
      } o cliente escrever.`
    : !handoff
      ? detail.conversation.closedAt
        ? 'Conversa encerrada. Assuma a conversa para responder.'
        : 'O robô está atendendo esta conversa. Assuma a conversa para responder.'
      : handoff.status === 'pending'
        ? 'Assuma a conversa para responder.'
        : !mine
          ? `Esta conversa está com ${handoff.attendant ?? 'outra pessoa'}.`
          : null;
  const customerName = detail.customer.name ?? detail.customer.username ?? 'Cliente sem nome';
  const shortcut = sendBlocked || pickerClosed ? null : typedShortcut(text);
  const choices = shortcut ? matchingQuickReplies(quickReplies, shortcut.typed) : [];
  const chosen = choices[Math.min(highlight, choices.length - 1)];
  const pick = (reply: QuickReply) => {
    if (!shortcut) return;
    setText(insertQuickReply(text, shortcut.start, reply));
    setHighlight(0);
    replyRef.current?.focus();
  };

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
        ) : detail.conversation.closedAt ? (
          <p class="handoff-reason">
            Conversa encerrada em {dateTimeText(detail.conversation.closedAt, zone)}: o robô não responde até alguém devolvê-la a ele ou o
            cliente escrever depois de 24 horas.
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
          {handoff ? (
            <button
              type="button"
              class="secondary"
              disabled={busy}
              onClick={() =>
                act(
                  () => api('POST', `/admin/handoffs/${handoff.id}/resolve`, { returnToBot: false }),
                  'Conversa encerrada. O robô não responde até alguém devolvê-la.',
                )
              }
            >
              Resolver e encerrar
            </button>
          ) : null}
          {!handoff && detail.conversation.closedAt ? (
            <button
              type="button"
              class="secondary"
              disabled={busy}
              onClick={() => act(() => api('POST', `/admin/conversations/${id}/return-to-bot`, {}), 'Conversa devolvida ao robô.')}
            >
              Devolver ao robô
            </button>
          ) : null}
        </div>
        {assignees.length > 1 ? (
          <form
            class="assign"
            onSubmit={(event) => {
              event.preventDefault();
              const colleague = assignees.find((each) => String(each.id) === assignTo);
              if (!colleague) return;
              void act(
                () => api('POST', `/admin/conversations/${id}/assign`, { staffId: colleague.id }),
                `Conversa atribuída a ${colleague.name}.`,
              );
            }}
          >
            <label for="assign-to">Atribuir a</label>
            <select id="assign-to" value={assignTo} onChange={(event) => setAssignTo((event.target as HTMLSelectElement).value)}>
              <option value="">Escolha uma pessoa da equipe</option>
              {assignees.map((each) => (
                <option key={each.id} value={String(each.id)} disabled={handoff?.status === 'claimed' && handoff.attendant === each.name}>
                  {each.name}
                </option>
              ))}
            </select>
            <button type="submit" class="secondary" disabled={busy || !assignTo}>
              Atribuir
            </button>
          </form>
        ) : null}
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
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a long chat scrolls inside this box, and the keyboard must reach it to scroll it (WCAG 2.1.1) */}
          <div role="log" aria-label="Mensagens da conversa, da mais antiga para a mais recente" class="messages-scroll" tabIndex={0}>
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
                    <MessageMedia conversationId={id} message={message} />
                    {message.text || !hasMedia(message) ? <span class="text">{message.text ?? '(sem texto)'}</span> : null}
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
              ref={replyRef}
              aria-controls={choices.length > 0 ? 'quick-replies' : undefined}
              onInput={(event) => {
                setText((event.target as HTMLTextAreaElement).value);
                setPickerClosed(false);
                setHighlight(0);
              }}
              onKeyDown={(event) => {
                if (choices.length > 0 && chosen) {
                  if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
                    event.preventDefault();
                    const step = event.key === 'ArrowDown' ? 1 : choices.length - 1;
                    setHighlight((Math.min(highlight, choices.length - 1) + step) % choices.length);
                    return;
                  }
                  if ((event.key === 'Enter' && !event.ctrlKey && !event.metaKey) || event.key === 'Tab') {
                    event.preventDefault();
                    pick(chosen);
                    return;
                  }
                  if (event.key === 'Escape') {
                    event.preventDefault();
                    setPickerClosed(true);
                    return;
                  }
                }
                if (event.key === 'Enter' && (event.ctrlKey || event.metaKey))
                  (event.currentTarget.form as HTMLFormElement).requestSubmit();
              }}
            />
            <p id="quick-reply-hint" class="hint">
              {quickReplies.length > 0 ? 'Digite / para escolher uma resposta rápida.' : ''}
            </p>
            {choices.length > 0 ? (
              <ul id="quick-replies" class="quick-replies" aria-label="Respostas rápidas">
                {choices.map((reply, index) => (
                  <li key={reply.id}>
                    <button
                      type="button"
                      class={reply === chosen ? 'quick-reply chosen' : 'quick-reply'}
                      aria-current={reply === chosen ? 'true' : undefined}
                      onMouseDown={(event) => event.preventDefault()}
                      onClick={() => pick(reply)}
                      data-index={index}
                    >
                      <strong>/{reply.shortcut}</strong> <span>{reply.text}</span>
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
            <p class="sr-only" aria-live="polite">
              {choices.length > 0 && chosen ? `${choices.length} respostas rápidas. Enter insere /${chosen.shortcut}.` : ''}
            </p>
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
            class="send-file"
            onSubmit={(event) => {
              event.preventDefault();
              const file = fileRef.current?.files?.[0];
              if (!file || sendBlocked) return;
              const form = new FormData();
              form.set('file', file);
              if (text.trim()) form.set('caption', text.trim());
              void act(async () => {
                await apiUpload(`/admin/conversations/${id}/media`, form);
                if (fileRef.current) fileRef.current.value = '';
                setFileChosen(false);
                setText('');
              }, 'Arquivo enviado.');
            }}
          >
            <label for="send-file">Enviar imagem ou documento (o texto da resposta vai como legenda)</label>
            <input
              id="send-file"
              type="file"
              ref={fileRef}
              accept="image/jpeg,image/png,application/pdf,text/plain,.doc,.docx,.xls,.xlsx,.ppt,.pptx"
              disabled={Boolean(sendBlocked)}
              onChange={(event) => setFileChosen(Boolean((event.target as HTMLInputElement).files?.length))}
            />
            <button type="submit" class="secondary" disabled={busy || Boolean(sendBlocked) || !fileChosen}>
              Enviar arquivo
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
