import { phoneText } from './format.js';

/** A customer's full phone, formatted, as a `tel:` link (a tap calls them back). */
export function PhoneLink(props: { phone: string | null }) {
  if (!props.phone) return null;
  return (
    <a class="phone-link" href={`tel:${props.phone}`}>
      {phoneText(props.phone)}
    </a>
  );
}
