import { useEffect, useState } from 'preact/hooks';

export type Route =
  | { page: 'inbox' }
  | { page: 'conversation'; id: number }
  | { page: 'agenda' }
  | { page: 'customer'; id: number }
  | { page: 'stats' }
  | { page: 'overview' }
  | { page: 'team' }
  | { page: 'settings' }
  | { page: 'resources' }
  | { page: 'password' }
  | { page: 'not_found' };

const BASE = '/console';

export function parseRoute(pathname: string): Route {
  const path = pathname.startsWith(BASE) ? pathname.slice(BASE.length) || '/' : pathname;
  if (path === '/' || path === '/entrar') return { page: 'inbox' };
  if (path === '/agenda') return { page: 'agenda' };
  if (path === '/estatisticas') return { page: 'stats' };
  if (path === '/equipe') return { page: 'team' };
  if (path === '/ajustes') return { page: 'settings' };
  if (path === '/ajustes/recursos') return { page: 'resources' };
  if (path === '/resumo') return { page: 'overview' };
  if (path === '/senha') return { page: 'password' };
  const conversation = /^\/conversas\/(\d+)$/.exec(path);
  if (conversation) return { page: 'conversation', id: Number(conversation[1]) };
  const customer = /^\/clientes\/(\d+)$/.exec(path);
  if (customer) return { page: 'customer', id: Number(customer[1]) };
  return { page: 'not_found' };
}

export function hrefOf(route: Route): string {
  switch (route.page) {
    case 'inbox':
    case 'not_found':
      return `${BASE}`;
    case 'conversation':
      return `${BASE}/conversas/${route.id}`;
    case 'agenda':
      return `${BASE}/agenda`;
    case 'customer':
      return `${BASE}/clientes/${route.id}`;
    case 'stats':
      return `${BASE}/estatisticas`;
    case 'team':
      return `${BASE}/equipe`;
    case 'settings':
      return `${BASE}/ajustes`;
    case 'resources':
      return `${BASE}/ajustes/recursos`;
    case 'overview':
      return `${BASE}/resumo`;
    case 'password':
      return `${BASE}/senha`;
  }
}

export function navigate(href: string): void {
  if (href === location.pathname) return;
  history.pushState(null, '', href);
  dispatchEvent(new PopStateEvent('popstate'));
}

/** The current route, following pushState navigation and the back button. */
export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.pathname));
  useEffect(() => {
    const update = () => setRoute(parseRoute(location.pathname));
    addEventListener('popstate', update);
    return () => removeEventListener('popstate', update);
  }, []);
  return route;
}

/** Props of an in-app link: a real href (keyboard, new tab) that navigates without reloading. */
export function linkProps(href: string) {
  return {
    href,
    onClick: (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      navigate(href);
    },
  };
}
