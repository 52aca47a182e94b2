export { AppError, isAppError } from './app-error.js';
export { cleanDisplayName, DISPLAY_NAME_MAX_CHARS } from './clean-display-name.js';
export { type Clock, fixedClock, systemClock } from './clock.js';
export { formatBrl, priceLabel } from './format-price.js';
export { createLagAlarm } from './lag-alarm.js';
export {
  addDays,
  CLOCK_TIME_PATTERN,
  clockTimeOf,
  type DayClock,
  dayClock,
  earlierDate,
  generousUtcWindow,
  isKnownTimeZone,
  LOCAL_DATE_TIME_PATTERN,
  laterDate,
  localDateOf,
  localDateTimeOf,
  localDateTimeToUtc,
  localInstant,
  localTimeOf,
  localToday,
  minutesOfDay,
  parseLocalDate,
  parseLocalDateTime,
  weekdayName,
  weekdayOf,
} from './local-time.js';
export { createLogger, isReaderGone, type Logger, silentLogger } from './logger.js';
export type { OutboundReply } from './outbound-reply.js';
export { OWNER_APP_ATTENDANT } from './owner-app-attendant.js';
export { textColumns } from './text-columns.js';
export {
  type AppointmentChange,
  type ClaimKind,
  defineTool,
  type LocalSlot,
  type ToolCallContext,
  type ToolDefinition,
  type ToolEffect,
} from './tool-definition.js';
export { ToolDomainException } from './tool-domain-exception.js';
export { truncate } from './truncate.js';
