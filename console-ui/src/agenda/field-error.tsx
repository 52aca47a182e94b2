/** The id of the element that holds a field's error message. */
const errorIdOf = (field: string) => `error-${field.replace(/\W/g, '-')}`;

/** Attributes of an input whose refusal is shown beside it: invalid, and described by its message. */
export function fieldProps(field: string, fields: Map<string, string>) {
  return fields.has(field) ? { 'aria-invalid': true, 'aria-describedby': errorIdOf(field) } : {};
}

/** The API's pt-BR message for one field, right under it (nothing when the field is fine). */
export function FieldError(props: { field: string; fields: Map<string, string> }) {
  const message = props.fields.get(props.field);
  if (!message) return null;
  return (
    <p class="field-error" id={errorIdOf(props.field)}>
      {message}
    </p>
  );
}
