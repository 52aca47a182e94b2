import { useState } from 'preact/hooks';
import { api, errorText, setCsrfToken } from './api.js';

export function SignInPage(props: { onSignedIn: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await api<{ csrfToken: string }>('POST', '/console/api/session', { email, password });
      setCsrfToken(answer.csrfToken);
      props.onSignedIn();
    } catch (caught) {
      setError(errorText(caught));
      setPassword('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <main class="narrow" id="conteudo">
      <h1>Entrar no console</h1>
      <form onSubmit={submit} aria-describedby={error ? 'sign-in-error' : undefined}>
        <label for="email">E-mail</label>
        <input
          id="email"
          name="email"
          type="email"
          autoComplete="username"
          required
          value={email}
          onInput={(event) => setEmail((event.target as HTMLInputElement).value)}
        />
        <label for="password">Senha</label>
        <input
          id="password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onInput={(event) => setPassword((event.target as HTMLInputElement).value)}
        />
        <p id="sign-in-error" class="error" role="alert">
          {error ?? ''}
        </p>
        <button type="submit" disabled={busy}>
          {busy ? 'Entrando…' : 'Entrar'}
        </button>
      </form>
    </main>
  );
}
