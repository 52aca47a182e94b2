import { useEffect, useMemo, useState } from 'preact/hooks';
import type { Overview, Session } from '../../src/contract/index.js';
import { api, errorText } from './api.js';
import { addDays, percentText, todayIn, waitText } from './format.js';
import { useLatestRead } from './latest-read.js';
import { overviewCsv } from './overview-csv.js';
import { TableScroll } from './table-scroll.js';
import { type ChartSeries, TimeChart } from './time-chart.js';

const money = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const reais = (value: number) => money.format(value);
const count = (value: number) => String(Math.round(value));
const waitOrNone = (seconds: number | null) => (seconds === null ? 'sem dados' : waitText(seconds));
const depositsText = (value: number) => (value === 1 ? '1 sinal' : `${value} sinais`);
const hasDeposits = (deposits: Overview['deposits']) => deposits.collected + deposits.refunded + deposits.expired > 0;
const hoursText = (minutes: number) => `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;

/** The owner's overview: the period's figures at a glance, daily charts with the numbers on hover, and a CSV of the days. */
export function OverviewPage(props: { session: Session }) {
  const today = todayIn(props.session.tenant.timezone);
  const [from, setFrom] = useState(addDays(today, -29));
  const [to, setTo] = useState(today);
  const [overview, setOverview] = useState<Overview | null>(null);
  const [error, setError] = useState<string | null>(null);

  // The period first shown can answer after the one the owner picked next: only the latest is shown.
  const beginRead = useLatestRead();
  const load = async () => {
    const isLatest = beginRead();
    setError(null);
    try {
      const loaded = await api<Overview>('GET', `/admin/stats/overview?from=${from}&to=${to}`);
      if (isLatest()) setOverview(loaded);
    } catch (caught) {
      if (isLatest()) setError(errorText(caught));
    }
  };
  useEffect(() => {
    void load();
  }, []);

  const charts = useMemo(() => {
    if (!overview) return null;
    const days = overview.days;
    const bookings: ChartSeries[] = [
      { label: 'Pelo robô', color: '#1e3a8a', values: days.map((day) => day.bookings.bot) },
      { label: 'Pela equipe', color: '#b45309', values: days.map((day) => day.bookings.staff) },
      { label: 'Por lembrete', color: '#15803d', values: days.map((day) => day.bookings.reminder) },
    ];
    if (days.some((day) => day.bookings.waitlist > 0)) {
      bookings.push({ label: 'Lista de espera', color: '#7e22ce', values: days.map((day) => day.bookings.waitlist) });
    }
    return {
      dates: days.map((day) => day.date),
      bookings,
      attendance: [
        { label: 'Compareceram', color: '#15803d', values: days.map((day) => day.attended) },
        { label: 'Faltaram', color: '#b91c1c', values: days.map((day) => day.noShows) },
        { label: 'Cancelados', color: '#6b7280', values: days.map((day) => day.cancellations) },
      ],
      revenue: [
        { label: 'Agendado', color: '#1e3a8a', values: days.map((day) => day.bookedRevenueCents / 100) },
        { label: 'Realizado', color: '#15803d', values: days.map((day) => day.attendedRevenueCents / 100) },
      ],
    };
  }, [overview]);

  const download = () => {
    if (!overview) return;
    const url = URL.createObjectURL(new Blob([overviewCsv(overview)], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `resumo-${overview.from}-a-${overview.to}.csv`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  const totals = overview?.totals;
  const booked = totals ? totals.bookings.bot + totals.bookings.staff + totals.bookings.reminder + totals.bookings.waitlist : 0;
  return (
    <section class="overview">
      <h1 tabIndex={-1}>Resumo</h1>
      <form
        class="period"
        onSubmit={(event) => {
          event.preventDefault();
          void load();
        }}
      >
        <label for="overview-from">De</label>
        <input id="overview-from" type="date" value={from} onInput={(event) => setFrom((event.target as HTMLInputElement).value)} />
        <label for="overview-to">Até (inclusive)</label>
        <input id="overview-to" type="date" value={to} onInput={(event) => setTo((event.target as HTMLInputElement).value)} />
        <button type="submit">Atualizar</button>
        <button type="button" class="secondary" disabled={!overview} onClick={download}>
          Baixar CSV
        </button>
      </form>
      {error ? (
        <p class="error" role="alert">
          {error}
        </p>
      ) : null}
      {!overview || !totals || !charts ? (
        error ? null : (
          <p>Carregando…</p>
        )
      ) : (
        <>
          <dl class="tiles">
            <div>
              <dt>Agendamentos</dt>
              <dd>{booked}</dd>
            </div>
            <div>
              <dt>Compareceram</dt>
              <dd>{totals.attended}</dd>
            </div>
            <div>
              <dt>Faltaram</dt>
              <dd>{totals.noShows}</dd>
            </div>
            <div>
              <dt>Cancelados</dt>
              <dd>{totals.cancellations}</dd>
            </div>
            <div>
              <dt>Faturamento agendado</dt>
              <dd>{reais(totals.bookedRevenueCents / 100)}</dd>
            </div>
            <div>
              <dt>Faturamento realizado</dt>
              <dd>{reais(totals.attendedRevenueCents / 100)}</dd>
            </div>
            <div>
              <dt>Conversas resolvidas só pelo robô</dt>
              <dd>
                {percentText(overview.conversations.botShare)}{' '}
                <small>
                  ({overview.conversations.finishedByBot} de {overview.conversations.total})
                </small>
              </dd>
            </div>
            <div>
              <dt>Espera por uma pessoa (mediana / p90)</dt>
              <dd>
                {waitOrNone(overview.handoffWait.p50Seconds)} / {waitOrNone(overview.handoffWait.p90Seconds)}
              </dd>
            </div>
            <div>
              <dt>Confirmações pelo lembrete</dt>
              <dd>
                {percentText(overview.reminders.confirmationRate)}{' '}
                <small>
                  ({overview.reminders.confirmedThroughReminder} de {overview.reminders.remindedAppointments})
                </small>
              </dd>
            </div>
          </dl>

          {hasDeposits(overview.deposits) ? (
            <>
              <h2 id="overview-deposits">Sinais por Pix</h2>
              <dl class="tiles deposit-tiles" aria-labelledby="overview-deposits">
                <div>
                  <dt>Sinais recebidos</dt>
                  <dd>
                    {reais(overview.deposits.collectedCents / 100)} <small>({depositsText(overview.deposits.collected)})</small>
                  </dd>
                </div>
                <div>
                  <dt>Retidos (cancelamento tardio ou falta)</dt>
                  <dd>
                    {reais(overview.deposits.forfeitedCents / 100)} <small>({depositsText(overview.deposits.forfeited)})</small>
                  </dd>
                </div>
                <div>
                  <dt>Devolvidos</dt>
                  <dd>
                    {reais(overview.deposits.refundedCents / 100)} <small>({depositsText(overview.deposits.refunded)})</small>
                  </dd>
                </div>
                <div>
                  <dt>Expirados sem pagamento</dt>
                  <dd>{overview.deposits.expired}</dd>
                </div>
              </dl>
            </>
          ) : null}

          <figure class="chart" aria-labelledby="chart-bookings">
            <figcaption id="chart-bookings">Agendamentos por dia, por origem (passe o cursor para ver os números do dia)</figcaption>
            <TimeChart dates={charts.dates} series={charts.bookings} format={count} whole />
          </figure>
          <figure class="chart" aria-labelledby="chart-attendance">
            <figcaption id="chart-attendance">Comparecimento, faltas e cancelamentos por dia</figcaption>
            <TimeChart dates={charts.dates} series={charts.attendance} format={count} whole />
          </figure>
          <figure class="chart" aria-labelledby="chart-revenue">
            <figcaption id="chart-revenue">Faturamento por dia (agendado e realizado)</figcaption>
            <TimeChart dates={charts.dates} series={charts.revenue} format={reais} />
          </figure>

          <h2>Ocupação por profissional</h2>
          <TableScroll label="Ocupação por profissional">
            <table class="occupancy">
              <caption class="sr-only">Minutos agendados sobre minutos de trabalho no período</caption>
              <thead>
                <tr>
                  <th scope="col">Profissional</th>
                  <th scope="col">Ocupação</th>
                  <th scope="col">Agendado</th>
                  <th scope="col">Horário de trabalho</th>
                </tr>
              </thead>
              <tbody>
                {overview.professionals.map((professional) => (
                  <tr key={professional.id}>
                    <th scope="row">{professional.name}</th>
                    <td>
                      <span class="bar" aria-hidden="true">
                        <span style={{ width: `${Math.min(100, (professional.occupancy ?? 0) * 100)}%` }} />
                      </span>{' '}
                      {percentText(professional.occupancy)}
                    </td>
                    <td>{hoursText(professional.bookedMinutes)}</td>
                    <td>{hoursText(professional.workingMinutes)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>

          <details class="overview-days">
            <summary>Ver os números de cada dia</summary>
            <TableScroll label="Números de cada dia do período">
              <table>
                <caption class="sr-only">Números de cada dia do período</caption>
                <thead>
                  <tr>
                    <th scope="col">Dia</th>
                    <th scope="col">Robô</th>
                    <th scope="col">Equipe</th>
                    <th scope="col">Lembrete</th>
                    <th scope="col">Compareceram</th>
                    <th scope="col">Faltaram</th>
                    <th scope="col">Cancelados</th>
                    <th scope="col">Agendado</th>
                    <th scope="col">Realizado</th>
                  </tr>
                </thead>
                <tbody>
                  {overview.days.map((day) => (
                    <tr key={day.date}>
                      <th scope="row">{`${day.date.slice(8, 10)}/${day.date.slice(5, 7)}`}</th>
                      <td>{day.bookings.bot}</td>
                      <td>{day.bookings.staff}</td>
                      <td>{day.bookings.reminder}</td>
                      <td>{day.attended}</td>
                      <td>{day.noShows}</td>
                      <td>{day.cancellations}</td>
                      <td>{reais(day.bookedRevenueCents / 100)}</td>
                      <td>{reais(day.attendedRevenueCents / 100)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          </details>
        </>
      )}
    </section>
  );
}
