import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { QueueItem, Session } from '../../src/contract/index.js';
import { AgendaPage } from './agenda/agenda-page.js';
import { ApiError, api, setCsrfToken, setUnauthorizedHandler } from './api.js';
import { canNotify, chime, isNotifyOn, isSoundOn, notifyNewHandoffs, setNotifyOn, setPendingBadge, setSoundOn } from './attention.js';
import { ConversationPage } from './conversation-page.js';
import { CustomerPage } from './customer-page.js';
import { InboxPage } from './inbox-page.js';
import { LazyOverviewPage } from './lazy-overview-page.js';
import { startLiveEvents, stopLiveEvents, useLiveEvents } from './live-events.js';
import { PasswordPage } from './password-page.js';
import { hrefOf, linkProps, navigate, type Route, useRoute } from './router.js';
import { ResourcesPage } from './settings/resources-page.js';
import { SettingsPage } from './settings/settings-page.js';
import { SignInPage } from './sign-in-page.js';
import { StatsPage } from './stats-page.js';
import { TeamPage } from './team-page.js';

type SessionState = { kind: 'loading' } | { kind: 'signed_out' } | { kind: 'signed_in'; session: Session };

export function App() {
  const [state, setState] = useState<SessionState>({ kind: 'loading' });
  const route = useRoute();

  const loadSession = useCallback(async () => {
    try {
      const session = await api<Session>('GET', '/console/api/session');
      setCsrfToken(session.csrfToken);
      setState({ kind: 'signed_in', session });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) setState({ kind: 'signed_out' });
      else setState({ kind: 'signed_out' });
    }
  }, []);

  useEffect(() => {
    setUnauthorizedHandler(() => {
      stopLiveEvents();
      setState({ kind: 'signed_out' });
    });
    void loadSession();
  }, [loadSession]);

  if (state.kind === 'loading') return <p class="boot">Carregando o console…</p>;
  if (state.kind === 'signed_out') return <SignInPage onSignedIn={loadSession} />;
  const { session } = state;
  if (session.staff.mustChangePassword || route.page === 'password') {
    return (
      <PasswordPage
        forced={session.staff.mustChangePassword}
        onChanged={async () => {
          await loadSession();
          navigate(hrefOf({ page: 'inbox' }));
        }}
      />
    );
  }
  return (
    <Shell
      session={session}
      route={route}
      onSignedOut={() => {
        stopLiveEvents();
        setState({ kind: 'signed_out' });
      }}
    />
  );
}

function Shell(props: { session: Session; route: Route; onSignedOut: () => void }) {
  const { session, route } = props;
  const [pending, setPending] = useState<number | null>(null);
  const [sound, setSound] = useState(isSoundOn());
  const [notify, setNotify] = useState(isNotifyOn());
  const mainRef = useRef<HTMLElement>(null);

  useEffect(() => {
    startLiveEvents();
    void api<{ items: QueueItem[] }>('GET', '/admin/handoffs?status=pending&limit=100').then(
      (page) => setPending(page.items.length),
      () => undefined,
    );
  }, []);
  useEffect(() => setPendingBadge(pending ?? 0), [pending]);
  useLiveEvents((event) => {
    if (event.type === 'signed_out') {
      props.onSignedOut();
      return;
    }
    // Any call answered 401 signs the page out (the unauthorized handler); others change nothing.
    if (event.type === 'stream_refused') void api('GET', '/admin/handoffs?status=pending&limit=1').catch(() => undefined);
    if (event.type !== 'handoffs') return;
    setPending(event.pending);
    if (event.newPendingIds.length > 0) chime();
    notifyNewHandoffs(event.newPendingIds.length, () => navigate(hrefOf({ page: 'inbox' })));
  });
  // Moves focus to the new page's heading, so a screen reader announces where it landed.
  useEffect(() => {
    mainRef.current?.querySelector<HTMLElement>('h1')?.focus();
  }, [route.page, route.page === 'conversation' ? route.id : 0]);

  const signOut = async () => {
    await api('DELETE', '/console/api/session').catch(() => undefined);
    props.onSignedOut();
  };
  const navLink = (target: Route, label: string, extra?: string) => (
    <a {...linkProps(hrefOf(target))} aria-current={route.page === target.page ? 'page' : undefined}>
      {label}
      {extra}
    </a>
  );

  return (
    <div class="shell">
      <a class="skip" href="#conteudo">
        Pular para o conteúdo
      </a>
      <header class="top">
        <span class="brand">{session.tenant.name}</span>
        <nav aria-label="Seções">
          {navLink({ page: 'inbox' }, 'Atendimento', pending ? ` (${pending})` : '')}
          {navLink({ page: 'agenda' }, 'Agenda')}
          {session.staff.role === 'owner' ? navLink({ page: 'overview' }, 'Resumo') : null}
          {session.staff.role === 'owner' ? navLink({ page: 'stats' }, 'Estatísticas') : null}
          {session.staff.role === 'owner' ? navLink({ page: 'team' }, 'Equipe') : null}
          {session.staff.role === 'owner' ? navLink({ page: 'settings' }, 'Ajustes') : null}
        </nav>
        <div class="who">
          <label class="sound">
            <input
              type="checkbox"
              checked={sound}
              onChange={(event) => {
                const on = (event.target as HTMLInputElement).checked;
                setSoundOn(on);
                setSound(on);
              }}
            />
            Som para nova conversa
          </label>
          {canNotify() ? (
            <label class="sound">
              <input
                type="checkbox"
                checked={notify}
                onChange={async (event) => {
                  const wanted = (event.target as HTMLInputElement).checked;
                  setNotify(await setNotifyOn(wanted));
                }}
              />
              Aviso do navegador com a aba em segundo plano
            </label>
          ) : null}
          <span>{session.staff.name}</span>
          <a {...linkProps(hrefOf({ page: 'password' }))}>Trocar senha</a>
          <button type="button" class="link" onClick={signOut}>
            Sair
          </button>
        </div>
      </header>
      <main id="conteudo" ref={mainRef}>
        {route.page === 'inbox' ? <InboxPage session={session} /> : null}
        {route.page === 'conversation' ? <ConversationPage key={route.id} id={route.id} session={session} /> : null}
        {route.page === 'agenda' ? <AgendaPage session={session} /> : null}
        {route.page === 'customer' ? <CustomerPage key={route.id} id={route.id} session={session} /> : null}
        {route.page === 'stats' ? <StatsPage session={session} /> : null}
        {route.page === 'team' ? <TeamPage session={session} /> : null}
        {route.page === 'settings' ? <SettingsPage session={session} /> : null}
        {route.page === 'resources' ? <ResourcesPage session={session} /> : null}
        {route.page === 'overview' ? <LazyOverviewPage session={session} /> : null}
        {route.page === 'not_found' ? (
          <section>
            <h1 tabIndex={-1}>Página não encontrada</h1>
          </section>
        ) : null}
      </main>
    </div>
  );
}
