import { useCallback, useEffect, useState } from 'preact/hooks';
import type { Session, StaffMember, StaffRole } from '../../src/contract/index.js';
import { api, errorText } from './api.js';
import { dateTimeText } from './format.js';

const ROLE_LABELS: Record<StaffRole, string> = { owner: 'Proprietário', attendant: 'Atendente' };

/** A one-time password, shown once to the owner, who passes it on to the person. */
interface ShownPassword {
  name: string;
  email: string;
  password: string;
}

/** The owner's team: every console account, adding one, disabling and re-enabling, resetting passwords, changing roles. */
export function TeamPage(props: { session: Session }) {
  const zone = props.session.tenant.timezone;
  const [items, setItems] = useState<StaffMember[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<ShownPassword | null>(null);
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<StaffRole>('attendant');

  const load = useCallback(async () => {
    try {
      setItems((await api<{ items: StaffMember[] }>('GET', '/admin/staff')).items);
    } catch (caught) {
      setError(errorText(caught));
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const act = async (what: () => Promise<void>, done: string) => {
    setBusy(true);
    setError(null);
    setNotice('');
    try {
      await what();
      setNotice(done);
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setBusy(false);
      await load();
    }
  };

  if (props.session.staff.role !== 'owner') {
    return (
      <section>
        <h1 tabIndex={-1}>Equipe</h1>
        <p>Só o proprietário gerencia a equipe.</p>
      </section>
    );
  }

  return (
    <section class="team">
      <h1 tabIndex={-1}>Equipe</h1>
      <p class="sr-only" aria-live="polite">
        {notice}
      </p>
      {error ? (
        <p class="error" role="alert">
          {error}
        </p>
      ) : null}
      {shown ? (
        <div class="one-time-password" role="status">
          <p>
            Senha inicial de <strong>{shown.name}</strong> ({shown.email}): <code>{shown.password}</code>
          </p>
          <p>Ela aparece só agora: passe para a pessoa, que vai trocá-la no primeiro acesso.</p>
          <button type="button" class="secondary" onClick={() => setShown(null)}>
            Já anotei
          </button>
        </div>
      ) : null}
      <form
        class="add-staff"
        onSubmit={(event) => {
          event.preventDefault();
          void act(async () => {
            const added = await api<StaffMember & { password: string }>('POST', '/admin/staff', { email, name, role });
            setShown({ name: added.name, email: added.email, password: added.password });
            setEmail('');
            setName('');
            setRole('attendant');
          }, 'Conta criada.');
        }}
      >
        <h2>Adicionar pessoa</h2>
        <label for="staff-name">Nome</label>
        <input
          id="staff-name"
          required
          maxLength={80}
          value={name}
          onInput={(event) => setName((event.target as HTMLInputElement).value)}
        />
        <label for="staff-email">E-mail</label>
        <input
          id="staff-email"
          type="email"
          required
          maxLength={200}
          value={email}
          onInput={(event) => setEmail((event.target as HTMLInputElement).value)}
        />
        <label for="staff-role">Papel</label>
        <select id="staff-role" value={role} onChange={(event) => setRole((event.target as HTMLSelectElement).value as StaffRole)}>
          <option value="attendant">{ROLE_LABELS.attendant}</option>
          <option value="owner">{ROLE_LABELS.owner}</option>
        </select>
        <button type="submit" disabled={busy}>
          Adicionar
        </button>
      </form>
      {!items ? <p>Carregando…</p> : null}
      {items ? (
        <table class="staff-table stacked">
          <caption>Contas do console</caption>
          <thead>
            <tr>
              <th scope="col">Nome</th>
              <th scope="col">E-mail</th>
              <th scope="col">Papel</th>
              <th scope="col">Situação</th>
              <th scope="col">Ações</th>
            </tr>
          </thead>
          <tbody>
            {items.map((member) => (
              <tr key={member.id} data-staff-id={member.id} class={member.disabled ? 'disabled' : undefined}>
                <th scope="row">{member.name}</th>
                <td>{member.email}</td>
                <td>
                  <label class="sr-only" for={`role-${member.id}`}>
                    Papel de {member.name}
                  </label>
                  <select
                    id={`role-${member.id}`}
                    value={member.role}
                    disabled={busy}
                    onChange={(event) => {
                      const next = (event.target as HTMLSelectElement).value as StaffRole;
                      void act(async () => {
                        await api('PATCH', `/admin/staff/${member.id}`, { role: next });
                      }, `${member.name} agora é ${ROLE_LABELS[next].toLowerCase()}.`);
                    }}
                  >
                    <option value="attendant">{ROLE_LABELS.attendant}</option>
                    <option value="owner">{ROLE_LABELS.owner}</option>
                  </select>
                </td>
                <td>
                  {member.disabled ? 'Desativada' : member.mustChangePassword ? 'Aguardando o primeiro acesso' : 'Ativa'}
                  <br />
                  <small>desde {dateTimeText(member.createdAt, zone)}</small>
                </td>
                <td class="staff-actions">
                  <button
                    type="button"
                    class="secondary"
                    disabled={busy}
                    onClick={() =>
                      act(
                        async () => {
                          await api('POST', `/admin/staff/${member.id}/${member.disabled ? 'enable' : 'disable'}`, {});
                        },
                        member.disabled
                          ? `A conta de ${member.name} foi reativada.`
                          : `A conta de ${member.name} foi desativada e as sessões abertas terminaram.`,
                      )
                    }
                  >
                    {member.disabled ? `Reativar ${member.name}` : `Desativar ${member.name}`}
                  </button>
                  <button
                    type="button"
                    class="secondary"
                    disabled={busy}
                    onClick={() =>
                      act(async () => {
                        const reset = await api<StaffMember & { password: string }>('POST', `/admin/staff/${member.id}/reset-password`, {});
                        setShown({ name: reset.name, email: reset.email, password: reset.password });
                      }, `Nova senha inicial de ${member.name} criada.`)
                    }
                  >
                    Nova senha para {member.name}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
