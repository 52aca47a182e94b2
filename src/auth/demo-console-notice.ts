/** The owner account created with the demo tenant on a fresh embedded database. */
export const DEMO_OWNER_EMAIL = 'dona@salao-bela-vista.demo';

/** What `npm start` prints once so the console can be tried at once. */
export function formatDemoConsoleNotice(publicUrl: string, email: string, password: string): string {
  return [
    `Staff console: ${publicUrl}/console`,
    `  sign in as ${email} with the initial password (shown only this once; change it at first sign-in):`,
    '',
    `    ${password}`,
    '',
  ].join('\n');
}
