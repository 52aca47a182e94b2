import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as ptBrDictionary, translations as ptBrTranslations } from '@zxcvbn-ts/language-pt-br';

/** zxcvbn's score (0–4) a new password must reach: 3 is "safely unguessable" (about 10^8 guesses or more). */
export const MIN_PASSWORD_SCORE = 3;

let estimator: ZxcvbnFactory | undefined;

// Built on first use: the dictionaries (common passwords, Brazilian names and words) take a
// second to index, which only a password change should pay.
const strengthEstimator = (): ZxcvbnFactory => {
  estimator ??= new ZxcvbnFactory({
    translations: ptBrTranslations,
    graphs: adjacencyGraphs,
    dictionary: { ...commonDictionary, ...ptBrDictionary },
  });
  return estimator;
};

/**
 * Why a new password is refused, in pt-BR for the person choosing it; null when it is
 * acceptable. Beyond length and reuse, a strength estimator (zxcvbn-ts with its common and
 * Brazilian Portuguese dictionaries, keyboard patterns, sequences, dates) refuses what is
 * easy to guess, such as `1234567890`, `flamengo2024` or a variation of the e-mail or name.
 */
export function passwordProblem(password: string, context: { email: string; name?: string; current?: string }): string | null {
  if (password.length < 10) return 'A senha precisa ter pelo menos 10 caracteres.';
  if (password.length > 200) return 'A senha pode ter no máximo 200 caracteres.';
  if (password.toLowerCase() === context.email.toLowerCase()) return 'A senha não pode ser o seu e-mail.';
  if (context.current !== undefined && password === context.current) return 'A nova senha precisa ser diferente da atual.';
  const local = context.email.split('@')[0] ?? '';
  const names = context.name ? [context.name.replace(/\s+/g, ''), ...context.name.split(/\s+/)] : [];
  const userInputs = [context.email, local, local.replace(/[^\p{L}\d]+/gu, ''), ...names];
  const result = strengthEstimator().check(
    password,
    userInputs.filter((input) => input.length > 0),
  );
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  const hint = [result.feedback.warning, ...result.feedback.suggestions].filter(Boolean).join(' ');
  return `Essa senha é fácil de adivinhar.${hint ? ` ${hint}` : ''} Use uma frase de três ou quatro palavras, por exemplo.`;
}
