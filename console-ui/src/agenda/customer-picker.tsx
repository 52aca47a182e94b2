import { useEffect, useState } from 'preact/hooks';
import type { CustomerSummary } from '../../../src/contract/index.js';
import { api } from '../api.js';
import { phoneText } from '../format.js';

/** Waits this long after the last keystroke before searching. */
const SEARCH_DELAY_MS = 250;

/**
 * Finds a known customer by name or phone (any format) as staff type, and offers each match
 * as a button; picking one fills the booking's name and phone. Without a match the booking's
 * own name and phone fields make a new customer.
 */
export function CustomerPicker(props: { onPick: (customer: CustomerSummary) => void }) {
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<CustomerSummary[] | null>(null);

  useEffect(() => {
    const text = query.trim();
    if (text.length < 2) {
      setFound(null);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      api<{ items: CustomerSummary[] }>('GET', `/admin/customers?q=${encodeURIComponent(text)}`).then(
        (answer) => current && setFound(answer.items),
        () => current && setFound([]),
      );
    }, SEARCH_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [query]);

  return (
    <div class="customer-picker">
      <label for="booking-search">Buscar cliente (nome ou telefone)</label>
      <input
        id="booking-search"
        type="search"
        autoComplete="off"
        value={query}
        onInput={(event) => setQuery((event.target as HTMLInputElement).value)}
      />
      {found === null ? null : found.length === 0 ? (
        <p class="hint" aria-live="polite">
          Nenhum cliente encontrado: preencha nome e telefone abaixo para um cliente novo.
        </p>
      ) : (
        <ul class="customer-matches" aria-label="Clientes encontrados">
          {found.map((customer) => (
            <li key={customer.id}>
              <button
                type="button"
                class="secondary"
                onClick={() => {
                  props.onPick(customer);
                  setQuery('');
                  setFound(null);
                }}
              >
                {customer.name ?? 'Cliente sem nome'}
                {customer.phone ? ` · ${phoneText(customer.phone)}` : ''}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
