import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const ARTIFACTS_DIR = path.resolve(import.meta.dirname, '../../test-results/console');

/**
 * Whether the browser tests can run here. In CI (CI=true) a missing Chromium is a failure,
 * never a skip; elsewhere the tests are skipped with a loud notice saying why and how to fix it.
 */
export function browserAvailability(): { run: true } | { run: false; reason: string } {
  if (existsSync(CHROMIUM_PATH)) return { run: true };
  const reason = `Chromium not found at ${CHROMIUM_PATH} (install it with: apt-get install -y chromium, or set CHROMIUM_PATH)`;
  if (process.env.CI === 'true') throw new Error(`browser tests cannot run in CI: ${reason}`);
  const line = '!'.repeat(100);
  process.stderr.write(`\n${line}\n!!! SKIPPING the console's browser tests: ${reason}\n${line}\n\n`);
  return { run: false, reason };
}

export interface HeadlessChromium {
  browser: Browser;
  close(): Promise<void>;
}

/**
 * Debian's Chromium, headless, with nothing that calls home. `launch` gives it a fresh
 * temporary profile of its own (Playwright refuses a --user-data-dir argument and deletes
 * that profile at close).
 */
export async function launchChromium(): Promise<HeadlessChromium> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--headless',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--lang=pt-BR',
    ],
    // The browser's own language (native date and time inputs read dd/mm/aaaa and 24 h, built-in
    // messages): Brazilian Portuguese, as the salon's staff run it. On Linux Chromium takes it from
    // the environment, not from --lang, and needs Debian's chromium-l10n (.ci/run installs it).
    env: { ...process.env, LANG: 'pt_BR.UTF-8', LANGUAGE: 'pt_BR:pt' },
  });
  return {
    browser,
    close: () => browser.close(),
  };
}

/** A page in its own context (own cookies), desktop-sized unless told otherwise; fails the test on any page error. */
export async function newPage(
  browser: Browser,
  options: { width?: number; height?: number; mobile?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 860 },
    ...(options.mobile ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    // CSP violations and failed loads show up here; anything of type error is a defect.
    if (message.type() === 'error' && !/status of 4\d\d/.test(message.text())) problems.push(`console error: ${message.text()}`);
  });
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.hostname !== '127.0.0.1' && url.protocol !== 'data:') problems.push(`request left the service: ${request.url()}`);
  });
  return { context, page, problems };
}

/**
 * Holds back the first request to `pattern` whose URL `passes` does not accept, for `holdMs`, as a
 * loaded server answers late; every other request goes through at once. `asked` resolves when the
 * held one arrives, and `held()` says whether one was.
 */
export async function holdFirstRequest(
  page: Page,
  pattern: RegExp,
  options: { passes: (url: string) => boolean; holdMs: number },
): Promise<{ asked: Promise<void>; held: () => boolean }> {
  let held = false;
  let markAsked: () => void = () => undefined;
  const asked = new Promise<void>((resolve) => {
    markAsked = resolve;
  });
  await page.route(pattern, async (route) => {
    if (!held && !options.passes(route.request().url())) {
      held = true;
      markAsked();
      await new Promise((resolve) => setTimeout(resolve, options.holdMs));
    }
    await route.continue();
  });
  return { asked, held: () => held };
}

/** Opens the console's sign-in page and submits an e-mail and password (what comes next is the caller's to wait for). */
export async function signIn(page: Page, serviceUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${serviceUrl}/console`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

/** Saves a screenshot under test-results/console/ (and, with `docs`, as the picture docs/console.md shows). */
export async function screenshot(page: Page, name: string, options: { docs?: boolean } = {}): Promise<void> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}.png`), fullPage: true });
  if (options.docs) {
    await page.screenshot({ path: path.resolve(import.meta.dirname, `../../docs/console-${name}.png`), fullPage: false });
  }
}

/**
 * Controls a screen reader could not name: inputs, selects and text areas without a label or
 * aria-label, buttons and links without text or aria-label. Checked in the page itself.
 */
export function unlabeledControls(page: Page): Promise<string[]> {
  return page.evaluate(`(() => {
    const problems = [];
    for (const element of document.querySelectorAll('input, select, textarea, button, a[href]')) {
      if (element.closest('[hidden]') || element.getClientRects().length === 0) continue;
      const aria = (element.getAttribute('aria-label') || '').trim();
      const named = ['INPUT', 'SELECT', 'TEXTAREA'].includes(element.tagName)
        ? element.labels.length > 0 || aria !== ''
        : (element.textContent || '').trim() !== '' || aria !== '';
      if (!named) problems.push(element.outerHTML.slice(0, 120));
    }
    return problems;
  })()`);
}

/** The WCAG 2.1 A and AA rules axe-core checks (its tags); best-practice rules are left out. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** axe-core itself, evaluated in the page once per document (not on every audit). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's audit of the page as it stands, run inside the page: one line per violated rule,
 * with its impact and the first elements that break it, so a failing `toEqual([])` says what to
 * fix. axe is injected only when the document does not have it yet, and only the violations come
 * back (not every element that passed): about half the time of an audit that injects axe again
 * and opens a blank page to merge frames' results every time (the console has no frames).
 */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  if ((await page.evaluate('typeof window.axe')) !== 'object') await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate<{ id: string; impact: string | null; help: string; targets: string[] }[]>(
    `axe.run(document, { runOnly: { type: 'tag', values: ${JSON.stringify(AXE_TAGS)} }, resultTypes: ['violations'] })
      .then((results) => results.violations.map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        help: violation.help,
        targets: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')),
      })))`,
  );
  return violations.map(
    (violation) => `${violation.id} (${violation.impact ?? 'unknown'}): ${violation.help} at ${violation.targets.join(', ')}`,
  );
}
