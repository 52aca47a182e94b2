/**
 * Words salon customers use for a kind of service, and the words in a service's name that
 * mark a service of that kind. "unha" picks the tenant's manicure only when exactly one of
 * its services has a name with "manicure" or "unha"; with two ("Manicure", "Manicure em
 * gel") the reading is ambiguous and the customer is asked.
 */
export interface SalonKind {
  said: string[];
  named: string[];
  /** A loose word ("cabelo"): used only when nothing more precise was said. */
  loose?: boolean;
}

export const SALON_KINDS: SalonKind[] = [
  { said: ['corte', 'cortar', 'corta', 'aparar', 'aparada', 'franja', 'repicar'], named: ['corte'] },
  { said: ['escova', 'escovar', 'escovinha', 'chapinha', 'alisar'], named: ['escova'] },
  {
    said: ['coloracao', 'colorir', 'pintar', 'pinta', 'pintura', 'tintura', 'tinta', 'tingir', 'raiz', 'retoque'],
    named: ['coloracao', 'tintura', 'pintura'],
  },
  { said: ['unha', 'manicure', 'manicura', 'mao', 'esmalte', 'esmaltacao', 'esmaltar', 'cuticula'], named: ['manicure', 'unha', 'mao'] },
  { said: ['pe', 'pedicure', 'pedicura'], named: ['pedicure', 'pe'] },
  { said: ['sobrancelha', 'design'], named: ['sobrancelha'] },
  { said: ['barba', 'barbear'], named: ['barba'] },
  { said: ['hidratacao', 'hidratar'], named: ['hidratacao'] },
  {
    said: ['cabelo', 'cabeleireiro', 'cabeleireira'],
    named: ['corte', 'escova', 'coloracao', 'tintura', 'hidratacao', 'progressiva', 'luzes', 'mecha'],
    loose: true,
  },
];

/** Words of a service name that say nothing about which service it is. */
export const NAME_FILLERS = new Set(['de', 'da', 'do', 'das', 'dos', 'e', 'com', 'em', 'para', 'a', 'o']);
