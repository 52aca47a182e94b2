/** Title badge, optional beep and optional browser notification for new pending chats. */
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

const NOTIFY_KEY = 'console.notify';
/** Whether this browser may show notifications at all (an insecure origin or an old browser cannot). */
export const canNotify = (): boolean => typeof Notification !== 'undefined';
export const isNotifyOn = (): boolean => canNotify() && Notification.permission === 'granted' && localStorage.getItem(NOTIFY_KEY) === 'on';

/** Turns browser notifications on (asking the browser's permission, from the person's click) or off; resolves to the new state. */
export async function setNotifyOn(on: boolean): Promise<boolean> {
  if (!on || !canNotify()) {
    localStorage.setItem(NOTIFY_KEY, 'off');
    return false;
  }
  const permission = Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  localStorage.setItem(NOTIFY_KEY, permission === 'granted' ? 'on' : 'off');
  return permission === 'granted';
}

/**
 * A browser notification for new chats waiting for a person, only while the console's tab is
 * in the background (in front, the badge and the list already show it). A click brings the tab
 * back to the inbox. Nothing about the customer is in it: the screen may be seen by others.
 */
export function notifyNewHandoffs(count: number, openInbox: () => void): void {
  if (count === 0 || document.visibilityState !== 'hidden' || !isNotifyOn()) return;
  const notification = new Notification(count === 1 ? 'Nova conversa aguardando atendimento' : `${count} novas conversas aguardando`, {
    body: 'Abra o console para assumir.',
    tag: 'console-new-handoff',
  });
  notification.onclick = () => {
    window.focus();
    openInbox();
    notification.close();
  };
}
