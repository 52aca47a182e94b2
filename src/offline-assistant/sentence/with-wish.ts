import type { Screen } from '../turn.js';
import { isEmptyWish, type Wish } from '../wish.js';

/** Keeps what the sentence said on the step a screen leads to, so the next answer applies it. */
export function withWish(screen: Screen, wish: Wish): Screen {
  if (isEmptyWish(wish)) return screen;
  const { next } = screen;
  if (next.step === 'choose_service' || next.step === 'choose_professional' || next.step === 'choose_day') {
    return { ...screen, next: { ...next, wish } };
  }
  return screen;
}

/** Lines (a doubt, a refusal) shown above a screen's text. */
export function withNotes(screen: Screen, notes: string[]): Screen {
  if (notes.length === 0) return screen;
  const [first, ...rest] = screen.replies;
  const prefix = notes.join('\n');
  if (!first) return { ...screen, replies: [{ type: 'text', text: prefix }] };
  return { ...screen, replies: [{ ...first, text: `${prefix}\n\n${first.text}` }, ...rest] };
}
