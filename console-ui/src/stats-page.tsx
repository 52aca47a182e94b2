import { useEffect, useState } from 'preact/hooks';
import type { ConsoleStats, HandoffReasonStats, Session } from '../../src/contract/index.js';
import { api, errorText } from './api.js';
import { addDays, percentText, todayIn, waitText } from './format.js';
import { TableScroll } from './table-scroll.js';

const waitOrNone = (seconds: number | null) => (seconds === null ? 'sem dados' : waitText(seconds));

export function StatsPage(props: { session: Session }) {
  const today = todayIn(props.session.tenant.timezone);
  const [from, setFrom] = useState(addDays(today, -30));
  const [to, setTo] = useState(addDays(today, 1));
  const [reasons, setReasons] = useState<HandoffReasonStats | null>(null);
  const [stats, setStats] = useState<ConsoleStats | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = async () => {
    setError(null);
    try {
      const query = `from=${from}&to=${to}`;
      const [byReason, figures] = await Promise.all([
        api<HandoffReasonStats>('GET', `/admin/stats/handoff-reasons?${query}`),
        api<ConsoleStats>('GET', `/console/api/stats?${query}`),
      ]);
      setReasons(byReason);
      setStats(figures);
    } catch (caught) {
      setError(errorText(caught));
    }
  };
  useEffect(() => {
    void load();
  }, []);

  return (
    <section>
      <h1 tabIndex={-1}>Estatísticas</h1>
      <form
        class="period"
        onSubmit={(event) => {
          event.preventDefault();
          void load();
        }}
      >
        <label for="stats-from">De</label>
        <input id="stats-from" type="date" value={from} onInput={(event) => setFrom((event.target as HTMLInputElement).value)} />
        <label for="stats-to">Até (exclusive)</label>
        <input id="stats-to" type="date" value={to} onInput={(event) => setTo((event.target as HTMLInputElement).value)} />
        <button type="submit">Atualizar</button>
      </form>
      {error ? (
        <p class="error" role="alert">
          {error}
        </p>
      ) : null}
      <h2>Atendimentos humanos por motivo</h2>
      {reasons && reasons.reasons.length === 0 ? <p class="empty">sem dados no período</p> : null}
      {reasons && reasons.reasons.length > 0 ? (
        <TableScroll label="Pedidos de atendimento por motivo">
          <table>
            <caption class="sr-only">Pedidos de atendimento por motivo, com espera mediana e p90 até alguém assumir</caption>
            <thead>
              <tr>
                <th scope="col">Motivo</th>
                <th scope="col">Quantidade</th>
                <th scope="col">Não assumidos</th>
                <th scope="col">Espera mediana</th>
                <th scope="col">Espera p90</th>
              </tr>
            </thead>
            <tbody>
              {reasons.reasons.map((row) => (
                <tr key={row.reason}>
                  <th scope="row">{row.label}</th>
                  <td>{row.count}</td>
                  <td>{row.unclaimed}</td>
                  <td>{waitOrNone(row.medianWaitSeconds)}</td>
                  <td>{waitOrNone(row.p90WaitSeconds)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
      <h2>Conversas do robô por desfecho</h2>
      {stats && stats.runsByExit.length === 0 ? <p class="empty">sem dados no período</p> : null}
      {stats && stats.runsByExit.length > 0 ? (
        <table>
          <caption class="sr-only">Execuções do robô por desfecho</caption>
          <thead>
            <tr>
              <th scope="col">Desfecho</th>
              <th scope="col">Quantidade</th>
            </tr>
          </thead>
          <tbody>
            {stats.runsByExit.map((row) => (
              <tr key={row.exit}>
                <th scope="row">{row.label}</th>
                <td>{row.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <h2>Agenda</h2>
      {stats ? (
        <dl class="figures">
          <dt>Confirmação pelo lembrete</dt>
          <dd>{percentText(stats.confirmationRate)}</dd>
          <dt>Faltas (não compareceu)</dt>
          <dd>{percentText(stats.noShowRate)}</dd>
          <dt>Faltas entre quem confirmou pelo lembrete</dt>
          <dd>{percentText(stats.noShowRateConfirmed)}</dd>
          <dt>Faltas entre quem recebeu lembrete e não confirmou</dt>
          <dd>{percentText(stats.noShowRateUnconfirmed)}</dd>
        </dl>
      ) : null}
    </section>
  );
}
