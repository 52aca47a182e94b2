export { generateApiKey, hashApiKey } from './api-key.js';
