/** "qua 02/12 às 15:30" computed independently of the code under test, with Intl. */
export function customerDayTime(instant: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('pt-BR', {
      timeZone: 'America/Sao_Paulo',
      weekday: 'short',
      day: '2-digit',
      month: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.weekday?.replace('.', '')} ${parts.day}/${parts.month} às ${parts.hour}:${parts.minute}`;
}

/** The next weekday (Mon–Sat) at least two days ahead, as São Paulo's local date. */
export function comingWorkday(): string {
  for (let days = 2; ; days++) {
    const date = new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });
    if (new Date(`${date}T12:00:00Z`).getUTCDay() !== 0) return date;
  }
}
