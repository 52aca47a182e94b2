// The catalogue: the services a tenant offers (with prices and variants) and the professionals who do them.
export {
  type CatalogVariant,
  listProfessionals,
  listServices,
  type Price,
  type ProfessionalWithServices,
  type ServiceInfo,
  type ServiceProfessional,
  type ServiceWithProfessionals,
} from './list-catalog.js';
