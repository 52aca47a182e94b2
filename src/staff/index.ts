export { type ChangePasswordOutcome, changeStaffPassword } from './change-staff-password.js';
export { type CreateStaffAccountOutcome, createStaffAccount } from './create-staff-account.js';
export { DEMO_OWNER_EMAIL, formatDemoConsoleNotice } from './demo-console-notice.js';
export { DEVICE_COOKIE_MAX_AGE_MS, deviceCookieName, readDeviceCookie } from './device-cookie.js';
export {
  allowedOrigins,
  isSameOrigin,
  isSecureContext,
  readSessionToken,
  sessionCookieName,
  sessionCookieOptions,
} from './session-cookie.js';
export { csrfTokenFor, isCsrfTokenValid } from './session-token.js';
export { deleteOldSignInAttempts } from './sign-in-attempts.js';
export { type SignInOutcome, signInStaff } from './sign-in-staff.js';
export { PAIR_FREE_FAILURES, progressiveDelayMs, SIGN_IN_WINDOW_MS } from './sign-in-throttle.js';
export { isStaffRole, STAFF_ROLES, type StaffRole } from './staff-role.js';
export {
  findStaffSession,
  revokeAllStaffSessions,
  revokeStaffSession,
  SESSION_IDLE_MS,
  type StaffPrincipal,
} from './staff-sessions.js';
