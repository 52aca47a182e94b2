export { calendarFeedUrl, createCalendarFeedRouter } from './calendar-feed-route.js';
export { type AdminRouterDeps, createAdminRouter } from './create-admin-router.js';
