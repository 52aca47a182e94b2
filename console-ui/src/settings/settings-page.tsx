import { useCallback, useEffect, useState } from 'preact/hooks';
import type { SalonSettings, Session } from '../../../src/contract/index.js';
import { api, errorText } from '../api.js';
import { hrefOf, linkProps } from '../router.js';
import { ProfessionalsSection } from './professionals-section.js';
import { RulesSection } from './rules-section.js';
import { ServicesSection } from './services-section.js';
import { SettingsHistorySection } from './settings-history-section.js';
import { TenantFileImportSection } from './tenant-file-import-section.js';

const STEP_TEXTS: Record<SalonSettings['checklist']['steps'][number]['step'], string> = {
  services: 'Cadastre os serviços com seus preços',
  professionals: 'Cadastre os profissionais e os serviços que cada um faz',
  hours: 'Informe os horários de trabalho',
  test_booking: 'Faça um agendamento de teste (pelo chat de teste, npm run chat, ou por um número de teste)',
};

/** The owner's settings: the first-run checklist, services, professionals, rules, and a link to the team. */
export function SettingsPage(props: { session: Session }) {
  const [settings, setSettings] = useState<SalonSettings | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  // Each save remounts the forms with the stored values (what the bot now uses).
  const [version, setVersion] = useState(0);

  const load = useCallback(async () => {
    try {
      setSettings(await api<SalonSettings>('GET', '/admin/settings'));
      setVersion((current) => current + 1);
    } catch (caught) {
      setError(errorText(caught));
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  const changed = (text: string) => {
    setNotice(text);
    void load();
  };

  if (props.session.staff.role !== 'owner') {
    return (
      <section>
        <h1 tabIndex={-1}>Ajustes do salão</h1>
        <p>Só o proprietário altera os ajustes do salão.</p>
      </section>
    );
  }
  return (
    <section class="settings">
      <h1 tabIndex={-1}>Ajustes do salão</h1>
      <p class="notice" role="status">
        {notice}
      </p>
      {error ? (
        <p class="error" role="alert">
          {error}
        </p>
      ) : null}
      <p>
        As mudanças valem na hora para o assistente do WhatsApp. A equipe do console fica em{' '}
        <a {...linkProps(hrefOf({ page: 'team' }))}>Equipe</a>; salas, cadeiras e máquinas que os serviços dividem, em{' '}
        <a {...linkProps(hrefOf({ page: 'resources' }))}>Recursos do salão</a>.
      </p>
      {!settings ? <p>Carregando…</p> : null}
      {settings && !settings.checklist.done ? (
        <section class="checklist" aria-labelledby="checklist-title">
          <h2 id="checklist-title">Primeiros passos</h2>
          <ol>
            {settings.checklist.steps.map(({ step, done }) => (
              <li key={step} class={done ? 'done' : undefined}>
                <span aria-hidden="true">{done ? '✓ ' : '○ '}</span>
                {STEP_TEXTS[step]}
                <span class="sr-only">{done ? ' (feito)' : ' (a fazer)'}</span>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      {settings ? (
        <div key={version}>
          <ServicesSection services={settings.services} resources={settings.resources} onChanged={changed} />
          <ProfessionalsSection professionals={settings.professionals} services={settings.services} onChanged={changed} />
          <RulesSection settings={settings} onChanged={changed} />
        </div>
      ) : null}
      {settings ? <TenantFileImportSection onImported={changed} /> : null}
      {settings ? <SettingsHistorySection key={version} timezone={settings.timezone} /> : null}
    </section>
  );
}
