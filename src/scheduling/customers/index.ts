// Customers as booking and the front desk find them: a phone number typed in any form, matched across WhatsApp id forms.
export { findCustomerByPhone, findOrCreateCustomer } from './find-or-create-customer.js';
export {
  CUSTOMER_RECORD_APPOINTMENTS,
  type CustomerRecord,
  type CustomerRecordAppointment,
  loadCustomerRecord,
} from './load-customer-record.js';
export { type NormalizedPhone, normalizePhone, waIdVariants } from './normalize-phone.js';
export { CUSTOMER_SEARCH_LIMIT, type FoundCustomer, searchCustomers } from './search-customers.js';
export { type CustomerChanges, updateCustomer } from './update-customer.js';
