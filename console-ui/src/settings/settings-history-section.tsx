import { useEffect, useState } from 'preact/hooks';
import type { SettingsChangeItem } from '../../../src/contract/index.js';
import { api, errorText } from '../api.js';
import { dateTimeText } from '../format.js';
import { importChangeText } from './import-change-text.js';

const CHANGE_TEXTS: Record<string, string> = {
  settings: 'Ajustes do salão alterados',
  service_added: 'Serviço adicionado',
  service_changed: 'Serviço alterado',
  service_retired: 'Serviço retirado',
  professional_added: 'Profissional adicionado',
  professional_changed: 'Profissional alterado',
  professional_retired: 'Profissional retirado',
  resource_added: 'Recurso adicionado',
  resource_changed: 'Recurso alterado',
  resource_retired: 'Recurso retirado',
  file_imported: 'Arquivo do salão importado',
};

function actorText(actor: SettingsChangeItem['actor']): string {
  if (actor.kind === 'cli') return 'operador, pela linha de comando';
  if (actor.kind === 'api_key') return `integração${actor.name ? ` ${actor.name}` : ''}`;
  return actor.name ?? 'conta do console';
}

/** The latest recorded changes to the salon, newest first, with who made them; a file import lists what it changed. */
export function SettingsHistorySection(props: { timezone: string }) {
  const [items, setItems] = useState<SettingsChangeItem[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api<{ items: SettingsChangeItem[] }>('GET', '/admin/settings/changes').then(
      (answer) => setItems(answer.items),
      (caught: unknown) => setError(errorText(caught)),
    );
  }, []);
  return (
    <section class="settings-section" aria-labelledby="history-title">
      <h2 id="history-title">Últimas alterações</h2>
      {error ? (
        <p class="error" role="alert">
          {error}
        </p>
      ) : null}
      {items && items.length === 0 ? <p>Nenhuma alteração registrada ainda.</p> : null}
      <ul class="settings-list history">
        {(items ?? []).map((item) => (
          <li key={item.id}>
            <span class="settings-item">
              {dateTimeText(item.at, props.timezone)} · {CHANGE_TEXTS[item.change] ?? item.change}
              {item.targetKey ? ` (${item.targetKey})` : ''} · {actorText(item.actor)}
              {item.changes && item.changes.length === 0 ? ' · nada mudou' : ''}
            </span>
            {item.changes && item.changes.length > 0 ? (
              <ul class="history-changes" aria-label={`O que o arquivo importado mudou (${dateTimeText(item.at, props.timezone)})`}>
                {item.changes.map((change) => (
                  <li key={`${change.entity}:${change.key}`}>{importChangeText(change)}</li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
