// The catalogue: the services a tenant offers and the professionals who do them.
export {
  listProfessionals,
  listServices,
  type ProfessionalWithServices,
  type ServiceInfo,
  type ServiceWithProfessionals,
} from './list-catalog.js';
