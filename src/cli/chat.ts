// `npm run chat`: a terminal WhatsApp chat with the local server, as a customer of a sandbox tenant.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { SandboxOutboxMessage } from '../whatsapp/index.js';
import { type NumberedOption, renderOutboundMessage } from './chat-render.js';
import { isServerUp, type LocalServer, startLocalServer } from './chat-server.js';
import { type CustomerInput, customerMessageWebhook, newWamid, postSignedWebhook } from './chat-webhook.js';
import { loadCliConfig } from './load-cli-config.js';

const USAGE = `usage: npm run chat -- [--tenant PHONE_NUMBER_ID] [--phone WA_ID] [--name NAME] [--url URL] [--wait-ms MS] [--quiet-ms MS]

Chat as a customer of a sandbox tenant (no WhatsApp access token; the demo tenant by default).
Your lines go to the local server as signed WhatsApp webhooks; the bot's replies are shown
with buttons and list rows as numbered options: type the number to tap one.
If no server answers at --url, one is started (npm start) and stopped when you leave.
After each line it waits for the answer (up to --wait-ms, until --quiet-ms pass with no new
message) before reading the next, so piped input works too.
Commands: /sair (or Ctrl-D) to leave.`;

const QUIET_MS = 1200;
const POLL_MS = 250;

interface Outbox {
  messages: SandboxOutboxMessage[];
  lastId: number;
  latestId: number;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      tenant: { type: 'string' },
      phone: { type: 'string' },
      name: { type: 'string' },
      url: { type: 'string' },
      'wait-ms': { type: 'string' },
      'quiet-ms': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const config = loadCliConfig();
  if (!config) return 2;
  const baseUrl = values.url ?? `http://127.0.0.1:${config.PORT}`;
  const phoneNumberId = values.tenant ?? demoPhoneNumberId();
  const waId = values.phone ?? '5511987650001';
  const profileName = values.name ?? 'Cliente Teste';
  const waitMs = Number(values['wait-ms'] ?? 20_000);
  const quietMs = Number(values['quiet-ms'] ?? QUIET_MS);
  if (!/^\d+$/.test(phoneNumberId) || !/^\d+$/.test(waId) || !Number.isFinite(waitMs) || !Number.isFinite(quietMs)) {
    process.stderr.write(`--tenant and --phone take digits only, --wait-ms and --quiet-ms numbers\n\n${USAGE}\n`);
    return 2;
  }

  let server: LocalServer | undefined;
  if (!(await isServerUp(baseUrl))) {
    const logFile = path.resolve(config.DATA_DIR, 'chat-server.log');
    process.stderr.write(`Nenhum servidor em ${baseUrl}; iniciando um (log em ${logFile})…\n`);
    server = await startLocalServer(baseUrl, logFile);
  }
  const outboxUrl = (afterId: number) => {
    const url = new URL('/sandbox/outbox', baseUrl);
    url.search = new URLSearchParams({ phoneNumberId, waId, afterId: String(afterId) }).toString();
    return url;
  };
  const fetchOutbox = async (afterId: number): Promise<Outbox> => {
    const response = await fetch(outboxUrl(afterId));
    if (response.status === 404)
      throw new Error(`no sandbox tenant with phone number id ${phoneNumberId} (unknown, or it has a real access token)`);
    if (!response.ok) throw new Error(`sandbox outbox answered ${response.status}`);
    return (await response.json()) as Outbox;
  };

  let lastId: number;
  try {
    lastId = (await fetchOutbox(0)).latestId;
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    await server?.stop();
    return 1;
  }
  const interactive = process.stdin.isTTY === true;
  process.stdout.write(
    `Conversando como ${profileName} (${waId}) com o número ${phoneNumberId}. Escreva sua mensagem; /sair para sair.\n\n`,
  );

  let options: NumberedOption[] = [];
  let arrivals = 0;
  let lastArrivalAt = 0;
  let polling = true;
  const pollOnce = async () => {
    const outbox = await fetchOutbox(lastId);
    for (const message of outbox.messages) {
      const rendered = renderOutboundMessage(message);
      process.stdout.write(`${rendered.lines.join('\n')}\n`);
      if (message.author === 'bot' || message.author === 'system') options = rendered.options;
      arrivals++;
      lastArrivalAt = Date.now();
    }
    lastId = outbox.lastId;
  };
  const poller = (async () => {
    while (polling) {
      await pollOnce().catch((error: unknown) => process.stderr.write(`(falha ao ler respostas: ${(error as Error).message})\n`));
      await sleep(POLL_MS);
    }
  })();

  const send = async (line: string) => {
    const number = /^\d{1,2}$/.test(line) ? Number(line) : 0;
    const option = options[number - 1];
    const input: CustomerInput = option
      ? {
          kind: option.kind,
          id: option.id,
          title: option.title,
          contextWaMessageId: option.waMessageId,
          ...(option.description ? { description: option.description } : {}),
        }
      : { kind: 'text', text: line };
    if (!interactive) process.stdout.write(`\n> ${line}\n`);
    if (option) process.stdout.write(`  (${option.title})\n`);
    const body = customerMessageWebhook({ phoneNumberId, waId, profileName, input, wamid: newWamid(), at: new Date() });
    await postSignedWebhook(baseUrl, config.WHATSAPP_APP_SECRET, body);
    // Wait for the answer before reading on: the next number refers to what it offers.
    const before = arrivals;
    const sentAt = Date.now();
    while (Date.now() - sentAt < waitMs) {
      await sleep(100);
      if (arrivals > before && Date.now() - lastArrivalAt >= quietMs) return;
    }
    if (arrivals === before) process.stdout.write('(sem resposta por enquanto)\n');
  };

  const lines = createInterface({
    input: process.stdin,
    ...(interactive ? { output: process.stdout, terminal: true } : { terminal: false }),
    prompt: '> ',
  });
  // Ctrl-C leaves like /sair: the server this chat started is stopped too.
  lines.on('SIGINT', () => lines.close());
  process.once('SIGINT', () => lines.close());
  process.once('SIGTERM', () => lines.close());
  let exitCode = 0;
  if (interactive) lines.prompt();
  try {
    for await (const raw of lines) {
      const line = raw.trim();
      if (line === '/sair' || line === '/quit') break;
      if (line) {
        try {
          await send(line);
        } catch (error) {
          process.stderr.write(`(não enviado: ${(error as Error).message})\n`);
          exitCode = 1;
        }
      }
      if (interactive) lines.prompt();
    }
  } finally {
    lines.close();
    polling = false;
    await poller;
    await server?.stop();
  }
  return exitCode;
}

/** The demo tenant's phone number id (scripts/demo-tenant.json), the default to chat with. */
function demoPhoneNumberId(): string {
  const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../scripts/demo-tenant.json');
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { whatsapp?: { phoneNumberId?: unknown } };
    if (typeof parsed.whatsapp?.phoneNumberId === 'string') return parsed.whatsapp.phoneNumberId;
  } catch {
    // fall through to the documented default
  }
  return '100000000000001';
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`chat failed: ${(error as Error).message}\n`);
    process.exit(1);
  },
);
