/** A `servicos` entry as the domain takes it. */
export const toVisitItem = (item: { servico_id: number; profissional_id?: number | undefined }) => ({
  serviceId: item.servico_id,
  professionalId: item.profissional_id ?? null,
});
