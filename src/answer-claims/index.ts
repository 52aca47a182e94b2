export type { ChangeKind } from './change-verbs.js';
export { type ClaimedChange, detectSettledClaims, type SettledClaim } from './detect-settled-claims.js';
export {
  type AnswerDeclaration,
  type ClaimEvidence,
  type ClaimVerdict,
  type ConfirmedWrite,
  type KnownAppointment,
  verifyAnswerClaims,
  type WaitlistPlace,
} from './verify-answer-claims.js';
