import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

/**
 * A native modal <dialog>: the browser traps focus inside, Esc closes it, and focus returns
 * to the control that opened it.
 */
export function Modal(props: { title: string; onClose: () => void; children: ComponentChildren }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement as HTMLElement | null;
    dialog?.showModal();
    return () => {
      dialog?.close();
      opener?.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby="modal-title"
      onCancel={(event) => {
        event.preventDefault();
        props.onClose();
      }}
    >
      <div class="modal-head">
        <h2 id="modal-title">{props.title}</h2>
        <button type="button" class="link" onClick={props.onClose} aria-label="Fechar">
          ✕
        </button>
      </div>
      {props.children}
    </dialog>
  );
}
