import { readFileSync } from 'node:fs';
import path from 'node:path';

/** A customer message of a task: typed text, or a tap on the option with that title. */
export type TaskMessage = string | { tap: string };

export interface TaskAppointment {
  service: string;
  /** Absent: any professional will do. */
  professional?: string;
  /** Local "YYYY-MM-DDTHH:mm". */
  start: string;
}

/** One scripted customer goal (see the fixture's `about` for every field). */
export interface Task {
  id: string;
  set: 'development' | 'held-out';
  kind: string;
  goal: string;
  now?: string;
  mine?: TaskAppointment[];
  messages: TaskMessage[];
  max: number;
  expect: {
    appointments?: TaskAppointment[];
    handoff?: string;
    ended?: boolean;
    says?: Record<string, string[]>;
    times?: number[];
    all?: boolean;
  };
}

const file = path.resolve(import.meta.dirname, '../../fixtures/offline-tasks.json');

export const taskSet = JSON.parse(readFileSync(file, 'utf8')) as { now: string; tasks: Task[] };

export const messageText = (message: TaskMessage) => (typeof message === 'string' ? message : `[toca: ${message.tap}]`);
