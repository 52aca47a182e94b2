// Calendar feeds: each professional's secret ICS address (owner-only, stored hashed) and the feed it serves.
export { buildCalendarFeed, type FeedAppointment, type FeedBlock } from './build-calendar-feed.js';
export {
  CALENDAR_TOKEN_PATTERN,
  createMissingCalendarFeeds,
  findCalendarFeed,
  hashFeedToken,
  rotateCalendarFeedToken,
} from './calendar-feed-token.js';
export { loadCalendarFeed } from './load-calendar-feed.js';
