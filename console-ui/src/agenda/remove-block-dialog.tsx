import type { CreatedBlock } from '../../../src/contract/index.js';
import { clockOf } from '../format.js';
import { Modal } from '../modal.js';

/** Asks before a block is removed (the time becomes free for the bot again). */
export function RemoveBlockDialog(props: { block: CreatedBlock; onClose: () => void; onConfirm: () => void }) {
  return (
    <Modal title="Remover bloqueio?" onClose={props.onClose}>
      <p>
        {clockOf(props.block.from)}–{clockOf(props.block.to)}
        {props.block.reason ? ` (${props.block.reason})` : ''}: o horário volta a ficar livre para agendamentos.
      </p>
      <div class="actions">
        <button type="button" class="danger" onClick={props.onConfirm}>
          Remover bloqueio
        </button>
        <button type="button" class="secondary" onClick={props.onClose}>
          Manter
        </button>
      </div>
    </Modal>
  );
}
