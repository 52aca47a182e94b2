import { useState } from 'preact/hooks';
import type { SalonSettings } from '../../../src/contract/index.js';
import { api } from '../api.js';
import { FormMessage, SettingsField } from './settings-field.js';
import { numberOf, useFieldErrors } from './use-field-errors.js';

const lines = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** Booking rules, business information, holidays and reminders: one form, `PUT /admin/settings`. */
export function RulesSection(props: { settings: SalonSettings; onChanged: (notice: string) => void }) {
  const { settings } = props;
  const errors = useFieldErrors();
  const [busy, setBusy] = useState(false);
  const [name, setName] = useState(settings.name);
  const [businessInfo, setBusinessInfo] = useState(settings.assistant.businessInfo);
  const [address, setAddress] = useState(settings.assistant.address ?? '');
  const [paymentMethods, setPaymentMethods] = useState(settings.assistant.paymentMethods ?? '');
  const [notice, setNotice] = useState(String(settings.booking.minNoticeMinutes));
  const [horizon, setHorizon] = useState(String(settings.booking.horizonDays));
  const [step, setStep] = useState(String(settings.booking.slotStepMinutes));
  const [cancelNotice, setCancelNotice] = useState(String(settings.booking.cancelNoticeMinutes ?? 0));
  const [state, setState] = useState(settings.holidays?.state ?? '');
  const [closed, setClosed] = useState((settings.holidays?.closed ?? []).join('\n'));
  const [open, setOpen] = useState((settings.holidays?.open ?? []).join('\n'));
  const [reminderHours, setReminderHours] = useState(settings.reminders.map((reminder) => String(reminder.beforeMinutes / 60)).join(', '));
  const [template, setTemplate] = useState(settings.reminders[0]?.template ?? 'lembrete_agendamento');

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    errors.reset();
    const holidays =
      state.trim() === '' && closed.trim() === '' && open.trim() === ''
        ? null
        : {
            country: settings.holidays?.country ?? 'BR',
            ...(state.trim() !== '' ? { state: state.trim().toUpperCase() } : {}),
            ...(settings.holidays?.city && state.trim().toUpperCase() === settings.holidays.state ? { city: settings.holidays.city } : {}),
            ...(lines(closed).length > 0 ? { closed: lines(closed) } : {}),
            ...(lines(open).length > 0 ? { open: lines(open) } : {}),
          };
    const body = {
      name,
      assistant: {
        businessInfo,
        address: address.trim() === '' ? null : address,
        paymentMethods: paymentMethods.trim() === '' ? null : paymentMethods,
      },
      booking: {
        minNoticeMinutes: numberOf(notice),
        horizonDays: numberOf(horizon),
        slotStepMinutes: numberOf(step),
        cancelNoticeMinutes: numberOf(cancelNotice),
      },
      holidays,
      reminders: lines(reminderHours).map((hours) => {
        const minutes = Number(hours.replace(',', '.')) * 60;
        return { beforeMinutes: Number.isFinite(minutes) ? Math.round(minutes) : hours, template, language: 'pt_BR' };
      }),
    };
    try {
      await api('PUT', '/admin/settings', body);
      props.onChanged('Regras e informações do salão salvas.');
    } catch (caught) {
      errors.show(caught);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section class="settings-section" aria-labelledby="rules-title">
      <h2 id="rules-title">Regras, informações e lembretes</h2>
      <form class="settings-form" onSubmit={submit} noValidate aria-label="Regras, informações e lembretes">
        <FormMessage errors={errors} />
        <fieldset>
          <legend>Informações que o assistente passa aos clientes</legend>
          <SettingsField id="rules-name" label="Nome do salão" field="name" errors={errors} value={name} onValue={setName} />
          <SettingsField
            id="rules-address"
            label="Endereço"
            field="assistant.address"
            errors={errors}
            value={address}
            onValue={setAddress}
          />
          <SettingsField
            id="rules-payment"
            label="Formas de pagamento"
            field="assistant.paymentMethods"
            errors={errors}
            value={paymentMethods}
            onValue={setPaymentMethods}
          />
          <SettingsField
            id="rules-info"
            label="Outras informações"
            field="assistant.businessInfo"
            multiline
            errors={errors}
            value={businessInfo}
            onValue={setBusinessInfo}
          />
        </fieldset>
        <fieldset>
          <legend>Regras de agendamento</legend>
          <SettingsField
            id="rules-notice"
            label="Antecedência mínima (minutos)"
            field="booking.minNoticeMinutes"
            type="number"
            errors={errors}
            value={notice}
            onValue={setNotice}
          />
          <SettingsField
            id="rules-horizon"
            label="Agenda aberta até (dias à frente)"
            field="booking.horizonDays"
            type="number"
            errors={errors}
            value={horizon}
            onValue={setHorizon}
          />
          <SettingsField
            id="rules-step"
            label="Intervalo entre horários oferecidos (minutos)"
            field="booking.slotStepMinutes"
            type="number"
            errors={errors}
            value={step}
            onValue={setStep}
          />
          <SettingsField
            id="rules-cancel"
            label="Cancelamento pelo cliente até (minutos antes)"
            field="booking.cancelNoticeMinutes"
            type="number"
            errors={errors}
            value={cancelNotice}
            onValue={setCancelNotice}
          />
        </fieldset>
        <fieldset>
          <legend>Feriados</legend>
          <SettingsField
            id="rules-state"
            label="Estado (sigla) para os feriados estaduais"
            field="holidays.state"
            hint="Os feriados nacionais e do estado fecham a agenda. Deixe vazio e sem datas para não usar feriados."
            errors={errors}
            value={state}
            onValue={setState}
          />
          <SettingsField
            id="rules-closed"
            label="Outros dias fechados (AAAA-MM-DD, um por linha)"
            field="holidays.closed"
            nested
            multiline
            errors={errors}
            value={closed}
            onValue={setClosed}
          />
          <SettingsField
            id="rules-open"
            label="Feriados em que abrimos (AAAA-MM-DD, um por linha)"
            field="holidays.open"
            nested
            multiline
            errors={errors}
            value={open}
            onValue={setOpen}
          />
        </fieldset>
        <fieldset>
          <legend>Lembretes pelo WhatsApp</legend>
          <SettingsField
            id="rules-reminders"
            label="Enviar lembrete (horas antes, separadas por vírgula)"
            field="reminders"
            nested
            hint="Por exemplo 24, 2. Vazio: nenhum lembrete."
            errors={errors}
            value={reminderHours}
            onValue={setReminderHours}
          />
          <SettingsField
            id="rules-template"
            label="Modelo aprovado pela Meta"
            field="reminders.0.template"
            errors={errors}
            value={template}
            onValue={setTemplate}
          />
        </fieldset>
        <div class="form-actions">
          <button type="submit" disabled={busy}>
            Salvar regras e informações
          </button>
        </div>
      </form>
    </section>
  );
}
