// Receipts: what the customer is told a confirmed change is, re-read from the rows, and the
// day-and-time format customers read ("qua 02/12 às 15:30").
export { buildReceipts, type Receipt, type ReceiptBusiness, type ReceiptItem, receiptOf, visitReceiptText } from './build-receipt.js';
export { type ConfirmedChange, readConfirmedChanges, type ScheduleChangeRef, scheduleChangeRefOf } from './confirmed-writes.js';
export { formatDayTime } from './format-day-time.js';
