export { downloadMedia, type MediaDownload } from './download-media.js';
export { createGraphApiClient, type GraphApiClient, type GraphApiClientOptions, type GraphTarget } from './graph-api-client.js';
export { GraphApiError } from './graph-api-error.js';
export { isReadableMessage } from './readable-message.js';
