/** A free start time and who is free then (the first professional in order, for "Qualquer um"). */
export interface FreeTime {
  time: string;
  professionalId: number;
  professionalName: string;
  /** A visit's later services, back to back from this start: who does each and when. */
  visit?: VisitStop[];
}

/** One later service of a visit, as found free. */
export interface VisitStop {
  serviceId: number;
  professionalId: number;
  professionalName: string;
  time: string;
}

/** Each professional's free start times of one day for one service (in the tool's order), and why a day is empty. */
export interface ProfessionalTimes {
  byProfessional: { id: number; name: string; times: string[] }[];
  refusal: string | null;
  nextDate: string | null;
}
