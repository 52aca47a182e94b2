/** A professional or service named next to its id, as refusals carry them. */
export interface Named {
  id: number;
  name: string;
}

/**
 * Why availability has nothing to offer for a request, as data: each edge words it for its
 * reader (the model, staff) and the domain never decides what an HTTP status or a tool error is.
 */
export type AvailabilityRefusal =
  | { kind: 'invalid_date'; date: string }
  | { kind: 'professional_not_found'; professionalId: number }
  | { kind: 'service_not_found'; serviceId: number }
  /** the professional does not do the service; `offeredBy` are the tenant's professionals who do */
  | { kind: 'service_not_offered'; professional: Named; service: Named; offeredBy: Named[] }
  | { kind: 'no_services_offered'; professional: Named }
  | { kind: 'date_past'; date: string; today: string }
  | { kind: 'beyond_horizon'; date: string; lastDate: string; horizonDays: number }
  /** the professional has no working hours on that weekday; `nextDate` is the next date with a free start in the window */
  | { kind: 'no_working_hours'; professional: Named; date: string; nextDate: string | null; lastDate: string }
  /** a closed day: a public holiday (`name`: "Natal") or one of the tenant's own closed days; `nextDate` as above */
  | { kind: 'holiday'; date: string; name: string; nextDate: string | null };

/** A refused request: the refusal as a value, for the caller to translate. */
export interface Refused<Refusal> {
  kind: 'refused';
  refusal: Refusal;
}

export const refused = <Refusal>(refusal: Refusal): Refused<Refusal> => ({ kind: 'refused', refusal });
