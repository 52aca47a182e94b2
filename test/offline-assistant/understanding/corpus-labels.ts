import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Catalog, Field, Reading } from '../../../src/offline-assistant/understanding/index.js';

const root = path.resolve(import.meta.dirname, '../../..');

export interface LabelledRequest {
  text: string;
  intent: string;
  service: string | null;
  professional: string | null;
  day: string | null;
  time: string | null;
  /** 'development': written while the reader was built; 'held-out': written afterwards, measured before any change. */
  set: 'development' | 'held-out';
}

export const corpus = JSON.parse(readFileSync(path.join(root, 'test/fixtures/offline-requests.json'), 'utf8')) as {
  now: string;
  timezone: string;
  messages: LabelledRequest[];
};

interface DemoFile {
  services: { key: string; name: string }[];
  professionals: { key: string; name: string; services: string[] }[];
}
const demo = JSON.parse(readFileSync(path.join(root, 'scripts/demo-tenant.json'), 'utf8')) as DemoFile;

/** The demo tenant's catalog with ids by position (services 1…, professionals 101…), and the keys back. */
export const demoCatalog: Catalog = {
  services: demo.services.map((service, index) => ({
    id: index + 1,
    name: service.name,
    professionalIds: demo.professionals.flatMap((professional, at) => (professional.services.includes(service.key) ? [101 + at] : [])),
  })),
  professionals: demo.professionals.map((professional, index) => ({ id: 101 + index, name: professional.name })),
};
const serviceKey = (id: number) => demo.services[id - 1]?.key ?? `service#${id}`;
const professionalKey = (id: number | 'any') => (id === 'any' ? 'any' : (demo.professionals[id - 101]?.key ?? `professional#${id}`));

function label<Value>(field: Field<Value>, key: (value: Value) => string): string | null {
  switch (field.status) {
    case 'absent':
      return null;
    case 'found':
      return key(field.value);
    case 'ambiguous':
      return `?${field.options.map(key).join(',')}`;
    case 'unknown':
      return `!${field.said}`;
  }
}

/** A reading in the corpus's label notation. */
export function labelsOf(reading: Reading): Omit<LabelledRequest, 'text' | 'set'> {
  return {
    intent: reading.intent.status === 'found' ? reading.intent.value : 'none',
    service: reading.visit.length > 0 ? reading.visit.map((item) => label(item, serviceKey)).join('+') : label(reading.service, serviceKey),
    professional: label(reading.professional, professionalKey),
    day: label(reading.day, (day) => (day.kind === 'date' ? day.date : `${day.from}..${day.to}`)),
    time: label(reading.time, (time) => (time.kind === 'at' ? time.time : time.kind === 'window' ? `${time.from}-${time.to}` : 'earliest')),
  };
}

export const FIELDS = ['intent', 'service', 'professional', 'day', 'time'] as const;
