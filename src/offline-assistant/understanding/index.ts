export { normalizeRequest } from './normalize-request.js';
export { type ReadRequestInput, readRequest } from './read-request.js';
export { PERIOD_WINDOWS, periodOf } from './read-time.js';
export type { Catalog, DaySpec, Field, InfoTopic, Intent, Period, ProfessionalWish, Reading, TimeSpec } from './reading.js';
export { isGiven } from './reading.js';
