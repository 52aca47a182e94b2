import { useState } from 'preact/hooks';
import type { SettingsService } from '../../../src/contract/index.js';
import { api, errorText } from '../api.js';
import { ServiceForm } from './service-form.js';
import { reaisOf } from './use-field-errors.js';

/** The price as the customer reads it. */
export function priceText(service: { priceCents?: number; priceFrom?: boolean }): string {
  if (service.priceCents === undefined) return 'sem preço';
  return `${service.priceFrom ? 'a partir de ' : ''}R$ ${reaisOf(service.priceCents)}`;
}

/** The services, as the bot lists them (by name), with adding, editing and retiring. */
export function ServicesSection(props: {
  services: SettingsService[];
  resources: { key: string; name: string }[];
  onChanged: (notice: string) => void;
}) {
  const [editing, setEditing] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const saved = (notice: string) => {
    setEditing(null);
    props.onChanged(notice);
  };
  const retire = async (service: { id: number | null; name: string }, notice: string) => {
    setError(null);
    try {
      await api('PATCH', `/admin/services/${service.id}`, { retired: true });
      props.onChanged(notice);
    } catch (caught) {
      setError(errorText(caught));
    }
  };
  return (
    <section class="settings-section" aria-labelledby="services-title">
      <h2 id="services-title">Serviços e preços</h2>
      {error ? (
        <p class="error" role="alert">
          {error}
        </p>
      ) : null}
      <ul class="settings-list">
        {props.services.map((service) => (
          <li key={service.key}>
            {editing === service.key ? (
              <ServiceForm service={service} resources={props.resources} onSaved={saved} onCancel={() => setEditing(null)} />
            ) : (
              <>
                <span class="settings-item">
                  <strong>{service.name}</strong> · {service.durationMinutes} min · {priceText(service)}
                  {service.variants.length > 0 ? ` · variações: ${service.variants.map((variant) => variant.name).join(', ')}` : ''}
                </span>
                <button type="button" class="secondary" onClick={() => setEditing(service.key)}>
                  Editar {service.name}
                </button>
                <button
                  type="button"
                  class="secondary"
                  onClick={() => retire(service, `Serviço ${service.name} retirado. Os agendamentos feitos continuam no histórico.`)}
                >
                  Retirar {service.name}
                </button>
                {service.variants.length > 0 ? (
                  <ul class="settings-list variants" aria-label={`Variações de ${service.name}`}>
                    {service.variants.map((variant) => (
                      <li key={variant.key}>
                        <span class="settings-item">
                          {variant.name} · {variant.durationMinutes ?? service.durationMinutes} min ·{' '}
                          {priceText(variant.priceCents === undefined ? service : variant)}
                        </span>
                        <button
                          type="button"
                          class="secondary"
                          onClick={() =>
                            retire(variant, `Variação ${variant.name} retirada. Os agendamentos feitos continuam no histórico.`)
                          }
                        >
                          Retirar variação {variant.name}
                        </button>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </>
            )}
          </li>
        ))}
      </ul>
      {editing === '' ? (
        <ServiceForm service={null} resources={props.resources} onSaved={saved} onCancel={() => setEditing(null)} />
      ) : (
        <button type="button" onClick={() => setEditing('')}>
          Novo serviço
        </button>
      )}
    </section>
  );
}
