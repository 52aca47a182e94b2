import { useState } from 'preact/hooks';
import type { TenantFileChangeItem } from '../../../src/contract/index.js';
import { ApiError, type ApiErrorDetail, api, errorText } from '../api.js';
import { importChangeText } from './import-change-text.js';

type ImportResult =
  | { kind: 'imported'; changes: TenantFileChangeItem[] }
  | { kind: 'refused'; message: string; problems: ApiErrorDetail[] };

/**
 * Downloading the salon's tenant file and importing one: the result lists what changed, or
 * why the file was refused (each problem at its place in the file), nothing written then.
 */
export function TenantFileImportSection(props: { onImported: (notice: string) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);

  const submit = async (event: Event) => {
    event.preventDefault();
    if (!file) {
      setResult({ kind: 'refused', message: 'Escolha o arquivo do salão (.json) antes de importar.', problems: [] });
      return;
    }
    setBusy(true);
    setResult(null);
    try {
      let content: unknown;
      try {
        content = JSON.parse(await file.text());
      } catch {
        setResult({ kind: 'refused', message: 'Este arquivo não é um JSON válido: nada foi alterado.', problems: [] });
        return;
      }
      const answer = await api<{ changes: TenantFileChangeItem[] }>('POST', '/admin/tenant-file', content);
      setResult({ kind: 'imported', changes: answer.changes });
      props.onImported(
        answer.changes.length === 0 ? 'Arquivo importado: nada mudou.' : `Arquivo importado: ${answer.changes.length} mudança(s).`,
      );
    } catch (caught) {
      const problems = caught instanceof ApiError && caught.status === 400 ? caught.details : [];
      const message = problems.length > 0 ? 'Arquivo recusado, nada foi alterado. Corrija:' : `${errorText(caught)} Nada foi alterado.`;
      setResult({
        kind: 'refused',
        message,
        problems: problems.map((detail) => ({ ...detail, path: detail.path.replace(/^body\.?/, '') })),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section class="settings-section" aria-labelledby="tenant-file-title">
      <h2 id="tenant-file-title">Arquivo do salão</h2>
      <p>
        Todos os ajustes num arquivo JSON: <a href="/admin/tenant-file">baixe o arquivo atual</a>, altere e importe de volta. O número e o
        token do WhatsApp só mudam pelo operador.
      </p>
      <form class="settings-form" onSubmit={submit} aria-label="Importar arquivo do salão">
        <div class="settings-field">
          <label for="tenant-file-input">Arquivo do salão (.json)</label>
          <input
            id="tenant-file-input"
            type="file"
            accept="application/json,.json"
            onChange={(event) => {
              setFile((event.target as HTMLInputElement).files?.[0] ?? null);
              setResult(null);
            }}
          />
        </div>
        <div class="form-actions">
          <button type="submit" disabled={busy}>
            Importar arquivo
          </button>
        </div>
      </form>
      {result?.kind === 'imported' ? (
        <div class="import-result" role="status" aria-label="Resultado da importação">
          <p>
            <strong>Arquivo importado.</strong>{' '}
            {result.changes.length === 0 ? 'Nada mudou: o salão já estava igual ao arquivo.' : 'O que mudou:'}
          </p>
          {result.changes.length > 0 ? (
            <ul>
              {result.changes.map((change) => (
                <li key={`${change.entity}:${change.key}`}>{importChangeText(change)}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {result?.kind === 'refused' ? (
        <div class="import-result refused" role="alert" aria-label="Resultado da importação">
          <p class="error">{result.message}</p>
          {result.problems.length > 0 ? (
            <ul>
              {result.problems.map((problem) => (
                <li key={`${problem.path}:${problem.message}`}>
                  <code>{problem.path}</code>: {problem.message}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
