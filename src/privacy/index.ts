export { CUSTOMER_DATA_TABLES, type CustomerDataTable } from './customer-data-map.js';
export { type EraseCustomerDataResult, eraseCustomerData } from './erase-customer-data.js';
export { type ErasedExpiredData, eraseExpiredData } from './erase-expired-data.js';
export { type CustomerDataExport, exportCustomerData } from './export-customer-data.js';
