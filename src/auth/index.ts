// auth/: who may act. Admin API keys (hashed, looked up, revoked, their attempt throttle),
// staff accounts, passwords, sign-in and its throttle, device cookies and console sessions.
export { generateApiKey, hashApiKey } from './api-key.js';
export { type ChangePasswordOutcome, changeStaffPassword } from './change-staff-password.js';
export { type CreateStaffAccountOutcome, createStaffAccount, type StaffAccountTenant } from './create-staff-account.js';
export { DEMO_OWNER_EMAIL, formatDemoConsoleNotice } from './demo-console-notice.js';
export { DEVICE_COOKIE_MAX_AGE_MS, deviceCookieName, readDeviceCookie } from './device-cookie.js';
export {
  type AttemptReservation,
  createFailedAuthThrottle,
  deleteOldAttemptCounters,
  type FailedAuthThrottle,
} from './failed-auth-throttle.js';
export { findActiveApiKey, touchApiKey } from './find-api-key.js';
export { listStaffAccounts, type StaffAccountSummary } from './list-staff-accounts.js';
export {
  type ManagedStaff,
  type ManageStaffOutcome,
  manageStaffAccount,
  type StaffChange,
  type StaffTarget,
} from './manage-staff-account.js';
export { type RevokeApiKeyOutcome, revokeApiKey } from './revoke-api-key.js';
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
  deleteEndedStaffSessions,
  findStaffSession,
  revokeAllStaffSessions,
  revokeStaffSession,
  SESSION_IDLE_MS,
  type StaffPrincipal,
} from './staff-sessions.js';
