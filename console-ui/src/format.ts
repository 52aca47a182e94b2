/** "há 5 min", "há 2 h 10 min": how long a customer has waited. */
export function waitText(seconds: number): string {
  if (seconds < 60) return 'menos de 1 min';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} dias`;
}

/** Date and time of an instant in the tenant's zone: "01/12 14:05". */
export function dateTimeText(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('pt-BR', { timeZone, day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' }).format(
    new Date(iso),
  );
}

/** Today's date in the tenant's zone, as "YYYY-MM-DD". */
export function todayIn(timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  return parts;
}

/** "YYYY-MM-DD" moved by `days` (calendar arithmetic, no zone involved). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const moved = new Date(Date.UTC(year, month - 1, day + days));
  return moved.toISOString().slice(0, 10);
}

/** "terça-feira, 1 de dezembro de 2026" for a "YYYY-MM-DD". */
export function longDateText(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat('pt-BR', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(
    new Date(Date.UTC(year, month - 1, day)),
  );
}

/** "14:30" of a local "YYYY-MM-DDTHH:mm". */
export const clockOf = (localDateTime: string): string => localDateTime.slice(11, 16);

export const minutesOf = (clock: string): number => {
  const [hours, minutes] = clock.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
};

export const clockText = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export const percentText = (rate: number | null): string => (rate === null ? 'sem dados' : `${(rate * 100).toFixed(1).replace('.', ',')}%`);

/**
 * A full E.164 phone as people read it: a Brazilian number "+55 11 98765-4321" → "(11) 98765-4321"
 * (landlines "(11) 3456-7890"); any other country keeps its E.164 form.
 */
export function phoneText(e164: string): string {
  const brazilian = /^\+55(\d{2})(\d{4,5})(\d{4})$/.exec(e164);
  return brazilian ? `(${brazilian[1]}) ${brazilian[2]}-${brazilian[3]}` : e164;
}

/** The tenant's local date and wall time now: `{date: "YYYY-MM-DD", time: "HH:mm"}`. */
export function nowIn(timeZone: string): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date());
  const part = (type: string) => parts.find((candidate) => candidate.type === type)?.value ?? '00';
  return { date: `${part('year')}-${part('month')}-${part('day')}`, time: `${part('hour')}:${part('minute')}` };
}

/** Has a local "YYYY-MM-DDTHH:mm" started, in the tenant's zone? */
export function hasStarted(localStart: string, timeZone: string): boolean {
  const now = nowIn(timeZone);
  return localStart <= `${now.date}T${now.time}`;
}
