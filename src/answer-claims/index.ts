export type { ChangeKind } from './claim-lexicon.js';
export { detectSettledClaims, type SettledClaim } from './detect-settled-claims.js';
export {
  type AnswerDeclaration,
  type ClaimEvidence,
  type ClaimVerdict,
  type ConfirmedWrite,
  type KnownAppointment,
  verifyAnswerClaims,
} from './verify-answer-claims.js';
