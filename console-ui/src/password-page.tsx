import { useState } from 'preact/hooks';
import { api, errorText, setCsrfToken } from './api.js';

export function PasswordPage(props: { forced: boolean; onChanged: () => void }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: Event) => {
    event.preventDefault();
    if (next !== repeat) {
      setError('A confirmação não é igual à nova senha.');
      return;
    }
    try {
      // The change opens a new session (new cookie and CSRF token); the old one is ended.
      const answer = await api<{ csrfToken: string }>('POST', '/console/api/password', { current, next });
      setCsrfToken(answer.csrfToken);
      props.onChanged();
    } catch (caught) {
      setError(errorText(caught));
    }
  };
  const field = (id: string, label: string, value: string, set: (value: string) => void, autoComplete: string) => (
    <>
      <label for={id}>{label}</label>
      <input
        id={id}
        type="password"
        required
        autoComplete={autoComplete}
        value={value}
        onInput={(event) => set((event.target as HTMLInputElement).value)}
      />
    </>
  );

  return (
    <main class="narrow" id="conteudo">
      <h1 tabIndex={-1}>Trocar senha</h1>
      {props.forced ? <p>Este é o seu primeiro acesso: escolha uma senha só sua (pelo menos 10 caracteres).</p> : null}
      <form onSubmit={submit}>
        {field('current-password', props.forced ? 'Senha inicial' : 'Senha atual', current, setCurrent, 'current-password')}
        {field('new-password', 'Nova senha', next, setNext, 'new-password')}
        {field('repeat-password', 'Repita a nova senha', repeat, setRepeat, 'new-password')}
        <p class="error" role="alert">
          {error ?? ''}
        </p>
        <button type="submit">Salvar nova senha</button>
      </form>
    </main>
  );
}
