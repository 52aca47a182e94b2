import type { z } from 'zod';

type Translation = [pattern: RegExp, portuguese: (...groups: string[]) => string];

/**
 * The tenant file's English problem texts (written for the operator at the command line) as the
 * owner reads them in the console, by pattern. Checked by test/tenant/tenant-file-issues-pt-br.test.ts
 * against a file with every kind of problem, so a new English message without a translation fails there.
 */
const TRANSLATIONS: Translation[] = [
  [/^is required$/, () => 'é obrigatório'],
  [/^must be an? (\w+), not an? (\w+)$/, (expected, got) => `deve ser ${typeName(expected)}, não ${typeName(got)}`],
  [/^must be an? (\w+), not null$/, (expected) => `deve ser ${typeName(expected)}, não vazio (null)`],
  [/^must not be empty \(use null for the sandbox\)$/, () => 'não pode ficar vazio'],
  [/^must not be empty \(leave \w+ out/, () => 'não pode ficar vazio'],
  [/^must be "mercadopago"/, () => 'deve ser "mercadopago" (o único provedor de pagamento)'],
  [/^must be at least (\d+) \(percent of the price\)$/, (count) => `deve ser pelo menos ${count} (por cento do preço)`],
  [/^must be at most (\d+) \(percent of the price\)$/, (count) => `deve ser no máximo ${count} (por cento do preço)`],
  [/^must be a whole number of hours$/, () => 'deve ser um número inteiro de horas'],
  [/^must not be negative \(hours/, () => 'não pode ser negativo (horas antes do início)'],
  [/^must be at most (\d+) hours$/, (count) => `deve ser de no máximo ${count} horas`],
  [/^service "([^"]*)" has no price: a deposit/, (key) => `o serviço "${key}" não tem preço: o sinal é uma porcentagem do preço`],
  [/^is required: no Mercado Pago/, () => 'é obrigatório (nenhuma credencial do Mercado Pago guardada)'],
  [/^must not be empty$/, () => 'não pode ficar vazio'],
  [/^(?:text )?must not be empty$/, () => 'não pode ficar vazio'],
  [/^must be at most (\d+) characters$/, (count) => `deve ter no máximo ${count} caracteres`],
  [/^must be a whole number of minutes$/, () => 'deve ser um número inteiro de minutos'],
  [/^must be a whole number$/, () => 'deve ser um número inteiro'],
  [/^must be at least (\d+) minutes?$/, (count) => `deve ser de pelo menos ${count} minuto${count === '1' ? '' : 's'}`],
  [/^must be at most (\d+) minutes$/, (count) => `deve ser de no máximo ${count} minutos`],
  [/^must be whole cents/, () => 'deve ser um valor em reais com centavos inteiros'],
  [/^must not be negative \(cents/, () => 'o preço não pode ser negativo'],
  [/^must be at most 100000000 cents/, () => 'o preço deve ser de no máximo R$ 1.000.000,00'],
  [/^must be lowercase kebab-case/, () => 'use só letras minúsculas sem acento, números e hífens'],
  [/^must be lowercase letters and digits/, () => 'use só letras minúsculas sem acento, números, - ou _'],
  [/^must be a time "HH:mm"/, () => 'deve ser um horário HH:mm entre 00:00 e 24:00'],
  [/^must be a local date-time/, () => 'deve ser data e hora (AAAA-MM-DDTHH:mm)'],
  [/^must be a local date "YYYY-MM-DD"$/, () => 'deve ser uma data (AAAA-MM-DD)'],
  [/^is not a real calendar date$/, () => 'não é uma data que existe no calendário'],
  [/^is not a known IANA time zone/, () => 'fuso horário desconhecido (por exemplo "America/Sao_Paulo")'],
  [/^must be the numeric phone number id/, () => 'deve ser o identificador numérico do número na Meta (só dígitos)'],
  [/^must list at least one service key$/, () => 'escolha pelo menos um serviço'],
  [/^must list at least one service$/, () => 'o salão precisa de pelo menos um serviço'],
  [/^must list at least one professional$/, () => 'o salão precisa de pelo menos um profissional'],
  [/^at most (\d+) quick replies$/, (count) => `no máximo ${count} respostas rápidas`],
  [/^must be at least 1 \(how many/, () => 'deve ser pelo menos 1 (quantas pessoas usam ao mesmo tempo)'],
  [/^must be at most 1000$/, () => 'deve ser no máximo 1000'],
  [/^must be a two-letter country code/, () => 'deve ser o código do país com duas letras, como "BR"'],
  [/^must be a state code/, () => 'deve ser a sigla do estado, como "SP"'],
  [/^unknown country "([^"]*)"/, (code) => `país desconhecido "${code}" (use um código como "BR")`],
  [/^a city needs its state/, () => 'para escolher a cidade, escolha também o estado'],
  [/^unknown state "([^"]*)" of (\w+)/, (code, country) => `estado desconhecido "${code}" em ${country}`],
  [
    /^unknown city "([^"]*)" of ([\w-]+)/,
    (code, place) => `cidade sem feriados próprios conhecidos "${code}" em ${place}: inclua os dias dela em "fechado"`,
  ],
  [/^unknown service key "([^"]*)"/, (key) => `serviço desconhecido "${key}"`],
  [/^service "([^"]*)" is listed twice$/, (key) => `o serviço "${key}" aparece duas vezes`],
  [/^interval (\S+)–(\S+) ends before it starts$/, (start, end) => `o intervalo ${start}–${end} termina antes de começar`],
  [/^interval (\S+)–(\S+) is empty$/, (start, end) => `o intervalo ${start}–${end} está vazio`],
  [
    /^interval (\S+)–(\S+) overlaps (\S+)–(\S+)/,
    (start, end, otherStart, otherEnd) => `o intervalo ${start}–${end} se sobrepõe a ${otherStart}–${otherEnd}`,
  ],
  [/^time off (\S+) – (\S+) ends before it starts$/, (from, to) => `a folga ${from} – ${to} termina antes de começar`],
  [/^must list at most (\d+) reminders$/, (count) => `no máximo ${count} lembretes`],
  [
    /^(\d+) minutes is beyond the booking horizon \(booking\.horizonDays (\d+)/,
    (minutes, days) => `${minutes} minutos passa do limite de agendamento (${days} dias)`,
  ],
  [/^duplicate reminder offset (\d+)/, (minutes) => `já existe um lembrete ${minutes} minutos antes`],
  [/^duplicate shortcut "([^"]*)"/, (shortcut) => `o atalho "${shortcut}" já existe`],
  [/^duplicate (service|professional|resource) key "([^"]*)"/, (noun, key) => `${nounName(noun)} com a chave "${key}" já existe`],
  [/^priceFrom needs a price/, () => '"a partir de" precisa de um preço'],
  [/^unknown resource key "([^"]*)"/, (key) => `recurso desconhecido "${key}"`],
  [/^resource "([^"]*)" is listed twice/, (key) => `o recurso "${key}" aparece duas vezes`],
  [/^must be a Meta template name/, () => 'deve ser o nome de um modelo da Meta: letras minúsculas, números e _'],
  [/^unknown WhatsApp template language "?([^":]*)"?:/, (code) => `idioma de modelo desconhecido "${code}" (use, por exemplo, "pt_BR")`],
  [/^shortcut: 1 to 40/, () => 'o atalho deve ter de 1 a 40 letras minúsculas sem acento, números, - ou _'],
  [/^text: at most 4096 characters/, () => 'o texto deve ter no máximo 4096 caracteres'],
  [/^must not contain NUL/, () => 'contém um caractere inválido'],
];

/** The owner's reading of one tenant-file issue: pt-BR, never the operator's English. */
export function tenantFileIssueInPortuguese(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') {
    return `campo${issue.keys.length > 1 ? 's' : ''} desconhecido${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`;
  }
  if (issue.code === 'too_small' && issue.message.startsWith('Too small')) return `deve ser pelo menos ${String(issue.minimum)}`;
  if (issue.code === 'too_big' && issue.message.startsWith('Too big')) return `deve ser no máximo ${String(issue.maximum)}`;
  if (issue.code === 'invalid_union') return 'formato inválido';
  return translatedMessage(issue.message) ?? 'valor inválido';
}

/** The pt-BR text of an English tenant-file message, or null when no translation knows it. */
export function translatedMessage(message: string): string | null {
  for (const [pattern, portuguese] of TRANSLATIONS) {
    const match = pattern.exec(message);
    if (match) return portuguese(...match.slice(1));
  }
  return null;
}

function typeName(type: string): string {
  const names: Record<string, string> = {
    string: 'um texto',
    number: 'um número',
    boolean: 'sim ou não',
    array: 'uma lista',
    object: 'um objeto',
    null: 'vazio (null)',
  };
  return names[type] ?? type;
}

function nounName(noun: string): string {
  return noun === 'service' ? 'um serviço' : noun === 'professional' ? 'um profissional' : 'um recurso';
}
