export { type ConsoleRouter, type ConsoleRouterDeps, createConsoleRouter } from './create-console-router.js';
