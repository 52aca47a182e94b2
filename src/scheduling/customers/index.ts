// Customers as booking finds them: a phone number typed in any form, matched across WhatsApp id forms.
export { findCustomerByPhone, findOrCreateCustomer } from './find-or-create-customer.js';
export { type NormalizedPhone, normalizePhone, waIdVariants } from './normalize-phone.js';
