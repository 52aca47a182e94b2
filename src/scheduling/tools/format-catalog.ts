import { priceLabel } from '../../shared/index.js';
import type { CatalogVariant, ServiceWithProfessionals } from '../catalog/index.js';
import type { ServicoCatalogo, VariacaoCatalogo } from './tool-results.js';

/**
 * A catalogue entry as `listar_servicos` shows it: the price as the customer reads it
 * ("R$ 60,00", "a partir de R$ 80,00"; left out when the salon gave none), and each
 * professional's own price or duration only where it differs from the service's.
 */
function toVariacao(service: CatalogVariant): VariacaoCatalogo {
  const preco = priceLabel(service);
  return {
    id: service.id,
    nome: service.name,
    duracao_minutos: service.durationMinutes,
    ...(preco ? { preco } : {}),
    profissionais: service.professionals.map((professional) => {
      const own = priceLabel(professional);
      return {
        id: professional.id,
        nome: professional.name,
        ...(own && own !== preco ? { preco: own } : {}),
        ...(professional.durationMinutes !== service.durationMinutes ? { duracao_minutos: professional.durationMinutes } : {}),
      };
    }),
  };
}

export function toServicoCatalogo(service: ServiceWithProfessionals): ServicoCatalogo {
  return { ...toVariacao(service), ...(service.variants.length > 0 ? { variacoes: service.variants.map(toVariacao) } : {}) };
}
