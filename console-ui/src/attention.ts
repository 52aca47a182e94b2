/** Title badge and optional beep for new pending chats. */
const baseTitle = 'Console de atendimento';

export function setPendingBadge(pending: number): void {
  document.title = pending > 0 ? `(${pending}) ${baseTitle}` : baseTitle;
}

const SOUND_KEY = 'console.sound';
export const isSoundOn = (): boolean => localStorage.getItem(SOUND_KEY) === 'on';
export const setSoundOn = (on: boolean): void => localStorage.setItem(SOUND_KEY, on ? 'on' : 'off');

/** A short two-tone chime made on the spot (no audio file to load). */
export function chime(): void {
  if (!isSoundOn()) return;
  try {
    const context = new AudioContext();
    for (const [index, frequency] of [880, 660].entries()) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.15, context.currentTime + index * 0.18);
      gain.gain.exponentialRampToValueAtTime(0.001, context.currentTime + index * 0.18 + 0.16);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(context.currentTime + index * 0.18);
      oscillator.stop(context.currentTime + index * 0.18 + 0.17);
    }
  } catch {
    // No audio device: the title badge still shows it.
  }
}
