export { calendarFeedUrl, createCalendarFeedRouter } from './calendar-feed-route.js';
export { type AdminRouterDeps, createAdminRouter } from './create-admin-router.js';
export type { MediaProxyOptions } from './media-routes.js';
