/** Why a new password is refused, in pt-BR for the person choosing it; null when it is acceptable. */
export function passwordProblem(password: string, context: { email: string; current?: string }): string | null {
  if (password.length < 10) return 'A senha precisa ter pelo menos 10 caracteres.';
  if (password.length > 200) return 'A senha pode ter no máximo 200 caracteres.';
  if (password.toLowerCase() === context.email.toLowerCase()) return 'A senha não pode ser o seu e-mail.';
  if (context.current !== undefined && password === context.current) return 'A nova senha precisa ser diferente da atual.';
  if (/^(.)\1*$/.test(password)) return 'Escolha uma senha menos previsível.';
  return null;
}
