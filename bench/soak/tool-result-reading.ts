/** Reading the service's tool results (compact JSON, pt-BR) the way the scripted model needs. */

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function* objectsIn(value: unknown): Generator<Record<string, unknown>> {
  if (Array.isArray(value)) for (const item of value) yield* objectsIn(item);
  else if (value && typeof value === 'object') {
    yield value as Record<string, unknown>;
    for (const item of Object.values(value)) yield* objectsIn(item);
  }
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/**
 * The id of the entity named `name` (a professional or a service) in a listing result:
 * the first object with a numeric id and a string value starting with that name.
 */
export function findIdByName(resultText: string, name: string): number | undefined {
  const wanted = fold(name);
  for (const object of objectsIn(parseJson(resultText))) {
    const id = Object.entries(object).find(([key, value]) => /^(id|.*_id)$/.test(key) && typeof value === 'number')?.[1];
    if (typeof id !== 'number') continue;
    if (Object.values(object).some((value) => typeof value === 'string' && fold(value).startsWith(wanted))) return id;
  }
  const loose = new RegExp(`"?id"?\\s*[:=]\\s*(\\d+)[^{}\\]]*?${wanted}`, 'i').exec(fold(resultText));
  return loose ? Number(loose[1]) : undefined;
}

/** Appointment ids in a `meus_agendamentos` result, in the order listed. */
export function findAppointmentIds(resultText: string): number[] {
  const ids: number[] = [];
  for (const object of objectsIn(parseJson(resultText))) {
    const id = object.agendamento_id ?? (hasAppointmentShape(object) ? object.id : undefined);
    if (typeof id === 'number' && !ids.includes(id)) ids.push(id);
  }
  if (ids.length > 0) return ids;
  return [...resultText.matchAll(/agendamento_id"?\s*[:=]\s*(\d+)/g)].map((match) => Number(match[1]));
}

const hasAppointmentShape = (object: Record<string, unknown>) =>
  ['inicio', 'data', 'horario', 'hora', 'profissional', 'servico', 'status'].some((key) => key in object);

export interface SlotCandidate {
  date: string;
  time: string;
}

/**
 * Every "HH:mm" in a result or error text, paired with the last "YYYY-MM-DD" seen before it
 * (or `defaultDate`): the free slots of `buscar_horarios`, or the alternatives a refused
 * `agendar` offers.
 */
export function findSlotCandidates(text: string, defaultDate: string): SlotCandidate[] {
  const candidates: SlotCandidate[] = [];
  let date = defaultDate;
  for (const match of text.matchAll(/(\d{4}-\d{2}-\d{2})|(?<![\d:])(\d{2}:\d{2})(?![\d:])/g)) {
    if (match[1]) date = match[1];
    else if (match[2] && !candidates.some((candidate) => candidate.date === date && candidate.time === match[2])) {
      candidates.push({ date, time: match[2] });
    }
  }
  return candidates;
}
