import { useState } from 'preact/hooks';

/**
 * Cancelling takes two steps: "Cancelar agendamento" asks for confirmation, with an optional
 * reason and whether to tell the customer; only "Confirmar cancelamento" cancels (and the
 * agenda still offers to undo it for a few seconds).
 */
export function CancelForm(props: { busy: boolean; onCancel: (cancel: { reason: string; notifyCustomer: boolean }) => void }) {
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [notify, setNotify] = useState(true);
  if (!asking) {
    return (
      <fieldset>
        <legend>Cancelar</legend>
        <button type="button" class="danger" disabled={props.busy} onClick={() => setAsking(true)}>
          Cancelar agendamento
        </button>
      </fieldset>
    );
  }
  return (
    <fieldset>
      <legend>Cancelar este agendamento?</legend>
      <label for="cancel-reason">Motivo do cancelamento (opcional)</label>
      <input id="cancel-reason" maxLength={200} value={reason} onInput={(event) => setReason((event.target as HTMLInputElement).value)} />
      <label class="inline">
        <input type="checkbox" checked={notify} onChange={(event) => setNotify((event.target as HTMLInputElement).checked)} />
        Avisar o cliente no WhatsApp
      </label>
      <div class="actions">
        <button
          type="button"
          class="danger"
          disabled={props.busy}
          onClick={() => props.onCancel({ reason: reason.trim(), notifyCustomer: notify })}
        >
          Confirmar cancelamento
        </button>
        <button type="button" class="secondary" onClick={() => setAsking(false)}>
          Voltar
        </button>
      </div>
    </fieldset>
  );
}
