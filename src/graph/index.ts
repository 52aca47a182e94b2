export { downloadMedia, type MediaDownload } from './download-media.js';
export { createGraphApiClient, type GraphApiClient, type GraphApiClientOptions, type GraphTarget } from './graph-api-client.js';
export { GraphApiError } from './graph-api-error.js';
export { type GraphRecipient, graphRecipientOf } from './graph-recipient.js';
export { isReadableMessage } from './readable-message.js';
export { TEMPLATE_MESSAGE_TYPE, type TemplateMessagePayload, toGraphTemplateMessage } from './template-message.js';
export { toGraphMessage } from './to-graph-message.js';
export { type MediaUpload, uploadMedia } from './upload-media.js';
