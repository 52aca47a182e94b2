import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { Session } from '../../src/contract/index.js';

type OverviewPageComponent = ComponentType<{ session: Session }>;
let loaded: OverviewPageComponent | null = null;

/**
 * The owner's overview, fetched on first visit: its charting library stays out of the
 * console's first screen (the JavaScript budget counts only what the page loads up front).
 */
export function LazyOverviewPage(props: { session: Session }) {
  const [Page, setPage] = useState<OverviewPageComponent | null>(() => loaded);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (Page) return;
    import('./overview-page.js').then(
      (module) => {
        loaded = module.OverviewPage;
        setPage(() => module.OverviewPage);
      },
      () => setFailed(true),
    );
  }, [Page]);
  if (Page) return <Page session={props.session} />;
  return (
    <section>
      <h1 tabIndex={-1}>Resumo</h1>
      {failed ? (
        <p class="error" role="alert">
          Não foi possível carregar o resumo. Recarregue a página.
        </p>
      ) : (
        <p>Carregando…</p>
      )}
    </section>
  );
}
