import { useCallback, useEffect, useState } from 'preact/hooks';
import type { ResourceItem, Session } from '../../../src/contract/index.js';
import { api, errorText } from '../api.js';
import { hrefOf, linkProps } from '../router.js';
import { FormMessage, SettingsField } from './settings-field.js';
import { numberOf, useFieldErrors } from './use-field-errors.js';

/**
 * The salon's shared resources (rooms, chairs, machines): listing with the services that need
 * each, adding, editing and retiring one (a resource services still need is refused, named).
 */
export function ResourcesPage(props: { session: Session }) {
  const [items, setItems] = useState<ResourceItem[] | null>(null);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState('');

  const load = useCallback(async () => {
    try {
      setItems((await api<{ items: ResourceItem[] }>('GET', '/admin/resources')).items);
    } catch (caught) {
      setError(errorText(caught));
    }
  }, []);
  useEffect(() => {
    if (props.session.staff.role === 'owner') void load();
  }, [load, props.session.staff.role]);
  const changed = (text: string) => {
    setEditing(null);
    setError(null);
    setNotice(text);
    void load();
  };
  const retire = async (resource: ResourceItem) => {
    setError(null);
    try {
      await api('PATCH', `/admin/resources/${resource.id}`, { retired: true });
      changed(`Recurso ${resource.name} retirado.`);
    } catch (caught) {
      setError(errorText(caught));
    }
  };

  if (props.session.staff.role !== 'owner') {
    return (
      <section>
        <h1 tabIndex={-1}>Recursos do salão</h1>
        <p>Só o proprietário altera os recursos do salão.</p>
      </section>
    );
  }
  return (
    <section class="settings">
      <h1 tabIndex={-1}>Recursos do salão</h1>
      <p class="notice" role="status">
        {notice}
      </p>
      <p>
        Salas, cadeiras, lavatórios e máquinas que vários serviços dividem: um serviço que usa um recurso ocupa uma unidade dele durante o
        atendimento, e nunca há mais atendimentos ao mesmo tempo do que unidades. Os serviços escolhem seus recursos em{' '}
        <a {...linkProps(hrefOf({ page: 'settings' }))}>Ajustes</a>.
      </p>
      {error ? (
        <p class="error" role="alert">
          {error}
        </p>
      ) : null}
      {!items ? <p>Carregando…</p> : null}
      {items && items.length === 0 ? <p>Nenhum recurso cadastrado.</p> : null}
      <ul class="settings-list">
        {(items ?? []).map((resource) => (
          <li key={resource.key}>
            {editing === resource.id ? (
              <ResourceForm resource={resource} onSaved={changed} onCancel={() => setEditing(null)} />
            ) : (
              <>
                <span class="settings-item">
                  <strong>{resource.name}</strong> · {resource.count === 1 ? '1 por vez' : `${resource.count} ao mesmo tempo`} ·{' '}
                  {resource.services.length > 0
                    ? `usado por ${resource.services.map((service) => service.name).join(', ')}`
                    : 'nenhum serviço usa'}
                </span>
                <button type="button" class="secondary" onClick={() => setEditing(resource.id)}>
                  Editar {resource.name}
                </button>
                <button type="button" class="secondary" onClick={() => retire(resource)}>
                  Retirar {resource.name}
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
      {editing === 'new' ? (
        <ResourceForm resource={null} onSaved={changed} onCancel={() => setEditing(null)} />
      ) : (
        <button type="button" onClick={() => setEditing('new')}>
          Novo recurso
        </button>
      )}
    </section>
  );
}

/** Adds a resource (no `resource`) or edits one: its name and how many can use it at once. */
function ResourceForm(props: { resource: ResourceItem | null; onSaved: (notice: string) => void; onCancel: () => void }) {
  const { resource } = props;
  const errors = useFieldErrors();
  const [name, setName] = useState(resource?.name ?? '');
  const [count, setCount] = useState(String(resource?.count ?? 1));
  const [busy, setBusy] = useState(false);
  const prefix = resource ? `resource-${resource.key}` : 'resource-new';
  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    errors.reset();
    const body = { name, count: numberOf(count) };
    try {
      if (resource) await api('PATCH', `/admin/resources/${resource.id}`, body);
      else await api('POST', '/admin/resources', body);
      props.onSaved(resource ? `Recurso ${name} salvo.` : `Recurso ${name} criado.`);
    } catch (caught) {
      errors.show(caught);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form class="settings-form" onSubmit={submit} noValidate aria-label={resource ? `Editar ${resource.name}` : 'Novo recurso'}>
      <FormMessage errors={errors} />
      <SettingsField id={`${prefix}-name`} label="Nome do recurso" field="name" errors={errors} value={name} onValue={setName} />
      <SettingsField
        id={`${prefix}-count`}
        label="Quantos atendimentos ao mesmo tempo"
        field="count"
        type="number"
        inputMode="numeric"
        hint="Por exemplo 2 para dois lavatórios iguais."
        errors={errors}
        value={count}
        onValue={setCount}
      />
      <div class="form-actions">
        <button type="submit" disabled={busy}>
          {resource ? 'Salvar recurso' : 'Criar recurso'}
        </button>
        <button type="button" class="secondary" onClick={props.onCancel}>
          Cancelar
        </button>
      </div>
    </form>
  );
}
