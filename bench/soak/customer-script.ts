import type { Random } from '../../test/fakes/random.js';

/** A booking wish several customers may share (that is how they race for one slot). */
export interface BookingTarget {
  professional: 'Ana' | 'Bia';
  service: 'corte' | 'coloração';
  /** YYYY-MM-DD, tenant local */
  date: string;
  /** HH:mm, tenant local */
  time: string;
}

export interface CustomerPlan {
  index: number;
  tenantIndex: number;
  waId: string;
  /** unique in the run: the fake model's calls are attributed to a customer through it */
  name: string;
  /** messages grouped in turns: the messages of one turn are sent as a burst, then the customer waits for a reply */
  turns: string[][];
  target: BookingTarget;
  racing: boolean;
  asksForHuman: boolean;
  /** ends by asking to be told if a time opens that day (the waitlist), and taps the offer when one comes */
  joinsWaitlist: boolean;
  /** ms after the start of the run */
  startAfterMs: number;
}

const FIRST_NAMES = [
  'Juliana',
  'Carla',
  'Fernanda',
  'Patrícia',
  'Mariana',
  'Camila',
  'Letícia',
  'Renata',
  'Tatiane',
  'Larissa',
  'Paulo',
  'Ricardo',
  'Thiago',
  'Rodrigo',
  'Marcelo',
  'Gustavo',
  'Felipe',
  'Eduardo',
  'Vanessa',
  'Simone',
];
const LAST_NAMES = [
  'Silva',
  'Souza',
  'Oliveira',
  'Pereira',
  'Costa',
  'Rodrigues',
  'Almeida',
  'Nascimento',
  'Carvalho',
  'Gomes',
  'Martins',
  'Ribeiro',
  'Barbosa',
];

export interface PlanOptions {
  customers: number;
  messagesPerCustomer: number;
  tenants: number;
  /** working days (YYYY-MM-DD, Tue–Sat, after today) both professionals work */
  dates: string[];
  random: Random;
  /** customers start spread over this window */
  arrivalWindowMs: number;
  /**
   * `uniform` (default): arrivals drawn evenly over the window. `ramp`: arrivals ever denser,
   * so the offered rate grows linearly from 0 at the start to its peak at the window's end.
   */
  arrivals?: 'uniform' | 'ramp';
  raceGroupSize?: number;
  raceShare?: number;
  burstShare?: number;
  humanShare?: number;
  /**
   * The first N customers who neither race, nor ask for a person, nor join the waitlist book
   * Coloração with Ana (a Pix deposit) on their drawn day, without a draw (the seeded stream
   * stays as it was): a small run then charges a deposit whatever the day's draws give.
   */
  depositBookers?: number;
}

const CANCEL_MESSAGE = 'Preciso cancelar meu horário, por favor';

/** Ana's starts that leave Coloração's 90 minutes clear of her lunch and her day's end. */
const DEPOSIT_BOOKER_TIMES = ['14:00', '09:30', '15:30', '10:00'];

/**
 * Plans every customer of a soak run: who they are, what they say and when they arrive.
 * Racing customers share one booking target and arrive together, asking for it at once.
 * Every customer sends exactly `messagesPerCustomer` messages.
 */
export function planCustomers(options: PlanOptions): CustomerPlan[] {
  const { random } = options;
  const groupSize = options.raceGroupSize ?? 4;
  const plans: CustomerPlan[] = [];
  const groupTargets = new Map<string, { target: BookingTarget; startAfterMs: number }>();
  let depositBookers = 0;
  for (let index = 0; index < options.customers; index++) {
    const tenantIndex = index % options.tenants;
    const positionInTenant = Math.floor(index / options.tenants);
    const groupKey = `${tenantIndex}:${Math.floor(positionInTenant / groupSize)}`;
    const groupIsRacing = stableChance(groupKey, options.raceShare ?? 0.4);
    let target = randomTarget(random, options.dates);
    // Drawn in both modes, so a ramp keeps every other seeded choice of the uniform run.
    const uniformArrivalMs = random.int(0, options.arrivalWindowMs);
    let startAfterMs = options.arrivals === 'ramp' ? rampArrivalMs(index, options.customers, options.arrivalWindowMs) : uniformArrivalMs;
    if (groupIsRacing) {
      const group = groupTargets.get(groupKey) ?? { target, startAfterMs };
      groupTargets.set(groupKey, group);
      target = group.target;
      startAfterMs = group.startAfterMs + random.int(0, 300);
    }
    const name = uniqueName(index);
    const asksForHuman = random.chance(options.humanShare ?? 0.1);
    // Every fifth customer (no draw: the seeded stream stays as it was) ends on the waitlist.
    const joinsWaitlist = !asksForHuman && options.messagesPerCustomer >= 3 && index % 5 === 2;
    const booksDeposit = !groupIsRacing && !asksForHuman && !joinsWaitlist && depositBookers < (options.depositBookers ?? 0);
    if (booksDeposit) {
      const time = DEPOSIT_BOOKER_TIMES[depositBookers % DEPOSIT_BOOKER_TIMES.length] as string;
      target = { ...target, professional: 'Ana', service: 'coloração', time };
      depositBookers++;
    }
    const turns = scriptTurns(name, target, groupIsRacing, asksForHuman, options.messagesPerCustomer, random, options.burstShare ?? 0.2);
    if (joinsWaitlist) turns.splice(-1, 1, [`Se vagar um horário de corte no dia ${brDate(target.date)}, me avisa?`]);
    // A deposit booker keeps her booking: a cancellation a second later would cancel the charge
    // before it is created, and how often that happens would follow the machine's load.
    if (booksDeposit)
      for (const turn of turns)
        turn.forEach((message, at) => {
          if (message === CANCEL_MESSAGE) turn[at] = 'Quais são meus agendamentos?';
        });
    plans.push({
      index,
      tenantIndex,
      waId: `55119${String(60_000_000 + index)}`,
      name,
      turns,
      target,
      racing: groupIsRacing,
      asksForHuman,
      joinsWaitlist,
      startAfterMs,
    });
  }
  return plans;
}

/**
 * Arrival time of customer `index` of `count` on a linear ramp over `windowMs`: t = T·√(i/N).
 * The number arrived by t is N·(t/T)², so the arrival rate, 2N·t/T², grows linearly from 0 to
 * 2N/T at the window's end (twice a uniform spread's rate over the same window).
 */
export function rampArrivalMs(index: number, count: number, windowMs: number): number {
  return Math.round(windowMs * Math.sqrt(index / Math.max(1, count)));
}

function scriptTurns(
  name: string,
  target: BookingTarget,
  racing: boolean,
  asksForHuman: boolean,
  count: number,
  random: Random,
  burstShare: number,
): string[][] {
  const time = target.time.endsWith(':00') ? `${target.time.slice(0, 2)}h` : target.time.replace(':', 'h');
  const booking = `Queria marcar ${target.service === 'corte' ? 'um corte' : 'uma coloração'} com a ${target.professional} dia ${brDate(target.date)} às ${time}`;
  if (count === 1) return [[booking]];
  const greeting = racing
    ? `Oi! Aqui é ${name}.`
    : random.pick([`Oi, bom dia! Aqui é ${name}.`, `Olá, aqui é ${name}`, `Boa tarde! Sou ${name}.`]);
  const ending = asksForHuman
    ? 'Quero falar com um atendente, por favor'
    : random.pick([CANCEL_MESSAGE, 'Quais são meus agendamentos?', 'Valeu, até mais!']);
  const middle = random.chance(0.3) ? [CANCEL_MESSAGE, 'Quais são meus agendamentos?'] : ['Quais são meus agendamentos?', 'Obrigada!'];
  while (middle.length < count) middle.push(random.pick(['Quais são meus agendamentos?', 'Obrigada!']));
  const messages = [greeting, booking, ...middle.slice(0, Math.max(0, count - 3)), ending].slice(0, count);
  const turns = messages.map((message) => [message]);
  // A burst: the greeting and the booking wish typed in quick succession (racers always do it).
  if (!racing && !random.chance(burstShare)) return turns;
  if (!racing && count >= 4 && random.chance(0.4)) return [[greeting, 'tudo bem?', booking], ...turns.slice(3)];
  return [[greeting, booking], ...turns.slice(2)];
}

/** Same answer for the same key in every run: whether a race group is racing does not shift the seeded stream. */
function stableChance(key: string, probability: number): boolean {
  let hash = 2166136261;
  for (const character of key) hash = Math.imul(hash ^ character.charCodeAt(0), 16777619);
  return (hash >>> 0) / 4_294_967_296 < probability;
}

function randomTarget(random: Random, dates: string[]): BookingTarget {
  const professional = random.chance(0.5) ? 'Ana' : 'Bia';
  const service = professional === 'Ana' && random.chance(0.3) ? 'coloração' : 'corte';
  const hours = professional === 'Ana' ? [9, 10, 11, 13, 14, 15, 16] : [10, 11, 12, 13, 14, 15, 16, 17];
  const minute = random.pick(['00', '30']);
  return { professional, service, date: random.pick(dates), time: `${String(random.pick(hours)).padStart(2, '0')}:${minute}` };
}

function uniqueName(index: number): string {
  const first = FIRST_NAMES[index % FIRST_NAMES.length] as string;
  const last = LAST_NAMES[Math.floor(index / FIRST_NAMES.length) % LAST_NAMES.length] as string;
  const round = Math.floor(index / (FIRST_NAMES.length * LAST_NAMES.length));
  return round === 0 ? `${first} ${last}` : `${first} ${last} ${LAST_NAMES[round % LAST_NAMES.length]}`;
}

const brDate = (date: string) => date.split('-').reverse().slice(0, 2).join('/');

/** The next `count` dates after `today` that fall Tuesday–Saturday (both professionals work), skipping tomorrow. */
export function upcomingWorkingDates(today: string, count: number): string[] {
  const dates: string[] = [];
  const day = new Date(`${today}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  while (dates.length < count) {
    day.setUTCDate(day.getUTCDate() + 1);
    if (day.getUTCDay() >= 2 && day.getUTCDay() <= 6) dates.push(day.toISOString().slice(0, 10));
  }
  return dates;
}
