export type { ChangeKind } from './change-verbs.js';
export { detectSettledClaims, type SettledClaim } from './detect-settled-claims.js';
export {
  type AnswerDeclaration,
  type ClaimEvidence,
  type ClaimVerdict,
  type ConfirmedWrite,
  type KnownAppointment,
  verifyAnswerClaims,
} from './verify-answer-claims.js';
