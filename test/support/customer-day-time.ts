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
