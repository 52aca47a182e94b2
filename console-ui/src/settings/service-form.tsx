import { useState } from 'preact/hooks';
import type { SettingsService } from '../../../src/contract/index.js';
import { api } from '../api.js';
import { FormMessage, SettingsField } from './settings-field.js';
import { centsOf, numberOf, reaisOf, useFieldErrors } from './use-field-errors.js';

interface VariantRow {
  key?: string;
  name: string;
  duration: string;
  price: string;
  /** kept as stored: the form has no field for a variant's own "a partir de" */
  priceFrom?: boolean;
}

/**
 * Adds a service (no `service`) or edits one: name, duration, price, "a partir de", the time kept
 * free after it, the shared resources it needs and its variants (chosen like services).
 */
export function ServiceForm(props: {
  service: SettingsService | null;
  resources: { key: string; name: string }[];
  onSaved: (notice: string) => void;
  onCancel: () => void;
}) {
  const { service } = props;
  const errors = useFieldErrors();
  const [name, setName] = useState(service?.name ?? '');
  const [duration, setDuration] = useState(String(service?.durationMinutes ?? 30));
  const [price, setPrice] = useState(reaisOf(service?.priceCents));
  const [priceFrom, setPriceFrom] = useState(service?.priceFrom ?? false);
  const [buffer, setBuffer] = useState(String(service?.bufferAfterMinutes ?? 0));
  const [needs, setNeeds] = useState<string[]>(service?.resources ?? []);
  const [variants, setVariants] = useState<VariantRow[]>(
    (service?.variants ?? []).map((variant) => ({
      key: variant.key,
      name: variant.name,
      duration: variant.durationMinutes === undefined ? '' : String(variant.durationMinutes),
      price: reaisOf(variant.priceCents),
      ...(variant.priceFrom ? { priceFrom: true } : {}),
    })),
  );
  const setVariant = (index: number, change: Partial<VariantRow>) => {
    setVariants((current) => current.map((row, position) => (position === index ? { ...row, ...change } : row)));
    errors.clear(`variants.${index}`);
  };
  const [busy, setBusy] = useState(false);
  const prefix = service ? `service-${service.key}` : 'service-new';

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    errors.reset();
    const body = {
      name,
      durationMinutes: numberOf(duration),
      priceCents: centsOf(price),
      priceFrom: priceFrom ? true : null,
      bufferAfterMinutes: buffer.trim() === '' || buffer === '0' ? null : numberOf(buffer),
      resources: needs.length > 0 ? needs : null,
      variants:
        variants.length > 0
          ? variants.map((row) => ({
              ...(row.key ? { key: row.key } : {}),
              name: row.name,
              ...(row.duration.trim() !== '' ? { durationMinutes: numberOf(row.duration) } : {}),
              ...(row.price.trim() !== '' ? { priceCents: centsOf(row.price) } : {}),
              ...(row.priceFrom ? { priceFrom: true } : {}),
            }))
          : null,
    };
    try {
      if (service) await api('PATCH', `/admin/services/${service.id}`, body);
      else await api('POST', '/admin/services', body);
      props.onSaved(service ? `Serviço ${name} salvo.` : `Serviço ${name} criado.`);
    } catch (caught) {
      errors.show(caught);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="settings-form" onSubmit={submit} noValidate aria-label={service ? `Editar ${service.name}` : 'Novo serviço'}>
      <FormMessage errors={errors} />
      <SettingsField id={`${prefix}-name`} label="Nome do serviço" field="name" errors={errors} value={name} onValue={setName} />
      <SettingsField
        id={`${prefix}-duration`}
        label="Duração (minutos)"
        field="durationMinutes"
        type="number"
        inputMode="numeric"
        errors={errors}
        value={duration}
        onValue={setDuration}
      />
      <SettingsField
        id={`${prefix}-price`}
        label="Preço (R$)"
        field="priceCents"
        inputMode="decimal"
        hint="Por exemplo 60,00. Deixe vazio se o preço é informado no salão."
        errors={errors}
        value={price}
        onValue={setPrice}
      />
      <label class="check">
        <input
          type="checkbox"
          checked={priceFrom}
          onChange={(event) => {
            setPriceFrom((event.target as HTMLInputElement).checked);
            errors.clear('priceFrom');
          }}
        />
        O preço é “a partir de”
      </label>
      <SettingsField
        id={`${prefix}-buffer`}
        label="Intervalo depois do serviço (minutos)"
        field="bufferAfterMinutes"
        type="number"
        inputMode="numeric"
        hint="Tempo livre para limpeza ou preparo; não entra no horário do cliente."
        errors={errors}
        value={buffer}
        onValue={setBuffer}
      />
      {props.resources.length > 0 ? (
        <fieldset>
          <legend>Recursos que usa (um por vez)</legend>
          {props.resources.map((resource) => (
            <label class="check" key={resource.key}>
              <input
                type="checkbox"
                checked={needs.includes(resource.key)}
                onChange={(event) => {
                  const on = (event.target as HTMLInputElement).checked;
                  setNeeds((current) => (on ? [...current, resource.key] : current.filter((key) => key !== resource.key)));
                  errors.clear('resources');
                }}
              />
              {resource.name}
            </label>
          ))}
        </fieldset>
      ) : null}
      <fieldset>
        <legend>Variações (por exemplo cabelo curto e longo)</legend>
        {variants.map((row, index) => (
          <div class="time-off-row" key={row.key ?? `new-${index}`}>
            <SettingsField
              id={`${prefix}-variant-${index}-name`}
              label={`Variação ${index + 1}: nome`}
              field={`variants.${index}.name`}
              errors={errors}
              value={row.name}
              onValue={(value) => setVariant(index, { name: value })}
            />
            <SettingsField
              id={`${prefix}-variant-${index}-duration`}
              label={`Variação ${index + 1}: duração (min)`}
              field={`variants.${index}.durationMinutes`}
              type="number"
              errors={errors}
              value={row.duration}
              onValue={(value) => setVariant(index, { duration: value })}
            />
            <SettingsField
              id={`${prefix}-variant-${index}-price`}
              label={`Variação ${index + 1}: preço (R$)`}
              field={`variants.${index}.priceCents`}
              inputMode="decimal"
              errors={errors}
              value={row.price}
              onValue={(value) => setVariant(index, { price: value })}
            />
            <button type="button" class="secondary" onClick={() => setVariants(variants.filter((_, position) => position !== index))}>
              Remover variação {index + 1}
            </button>
          </div>
        ))}
        <button type="button" class="secondary" onClick={() => setVariants([...variants, { name: '', duration: '', price: '' }])}>
          Adicionar variação
        </button>
      </fieldset>
      <div class="form-actions">
        <button type="submit" disabled={busy}>
          {service ? 'Salvar serviço' : 'Criar serviço'}
        </button>
        <button type="button" class="secondary" onClick={props.onCancel}>
          Cancelar
        </button>
      </div>
    </form>
  );
}
