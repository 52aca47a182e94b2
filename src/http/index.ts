export { createHttpApp, type HttpAppOptions } from './create-app.js';
export { createErrorHandler, errorBody, notFoundHandler } from './error-handler.js';
export { createMercadoPagoWebhookRouter, type MercadoPagoWebhookOptions } from './mercadopago-webhook-route.js';
export { createMetricsRouter } from './metrics-route.js';
export { type PlainRoute, plainRouteFor, sendPlainJson, servePlainRoute } from './plain-routes.js';
export { type BoundedBody, discardRestThenClose, readBoundedBody } from './read-bounded-body.js';
export { createStaffReads, READ_AFTER_COOKIE, type StaffReads } from './staff-reads.js';
