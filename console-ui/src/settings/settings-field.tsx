import type { ComponentChildren } from 'preact';
import { FieldError, fieldProps } from '../agenda/field-error.js';
import type { FieldErrors } from './use-field-errors.js';

/** A labelled input whose refusal shows under it and clears as soon as it changes. */
export function SettingsField(props: {
  id: string;
  label: string;
  field: string;
  errors: FieldErrors;
  value: string;
  onValue: (value: string) => void;
  type?: 'text' | 'number' | 'datetime-local';
  inputMode?: 'numeric' | 'decimal';
  hint?: string;
  multiline?: boolean;
  /** also show the problems of the entries under this field (`reminders.0.beforeMinutes` under `reminders`) */
  nested?: boolean;
  children?: ComponentChildren;
}) {
  const { errors, field } = props;
  const shown = props.nested ? [...errors.fields.keys()].filter((key) => key === field || key.startsWith(`${field}.`)) : [field];
  const invalid = shown.find((key) => errors.fields.has(key)) ?? field;
  const onInput = (event: Event) => {
    props.onValue((event.target as HTMLInputElement).value);
    errors.clear(field);
  };
  return (
    <div class="settings-field">
      <label for={props.id}>{props.label}</label>
      {props.multiline ? (
        <textarea id={props.id} value={props.value} rows={3} onInput={onInput} {...fieldProps(invalid, errors.fields)} />
      ) : (
        <input
          id={props.id}
          // Preact types each input type apart; these three take the same attributes here.
          type={(props.type ?? 'text') as 'text'}
          inputMode={props.inputMode}
          value={props.value}
          onInput={onInput}
          {...fieldProps(invalid, errors.fields)}
        />
      )}
      {props.hint ? <small>{props.hint}</small> : null}
      {shown.map((key) => (
        <FieldError key={key} field={key} fields={errors.fields} />
      ))}
    </div>
  );
}

/** The form's own message (the refusal without a field, or "Confira os campos destacados."). */
export function FormMessage(props: { errors: FieldErrors }) {
  if (!props.errors.message) return null;
  return (
    <p class="error" role="alert">
      {props.errors.message}
    </p>
  );
}
