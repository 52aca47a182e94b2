import { randomUUID } from 'node:crypto';
import express, { Router } from 'express';
import { z } from 'zod';
import type { Keyring } from '../credentials/index.js';
import { type Db, inTransaction } from '../db/index.js';
import { downloadMedia, uploadMedia } from '../graph/index.js';
import { queueOutboundMedia, readCustomerWindow } from '../outbox/index.js';
import { AppError, type Logger } from '../shared/index.js';
import { adminContextOf, staffNameOf } from './admin-context.js';
import { parseRequest } from './parse-request.js';
import { idParamsSchema } from './request-schemas.js';

/** How the admin API reaches the customers' media on the Graph API (boot/ wires it; without it media answers 503). */
export interface MediaProxyOptions {
  baseUrl: string;
  version: string;
  credentials: Keyring;
  timeoutMs: number;
  maxBytes: number;
}

/** Kinds of customer message that carry a media id at `payload.message[type].id`. */
const MEDIA_TYPES = ['image', 'audio', 'document', 'sticker', 'video'] as const;
/** Shown in the page (img/audio/video); anything else is downloaded, never rendered as a page of this origin. */
const INLINE_MIME = /^(image\/(jpeg|png|webp|gif)|audio\/[\w.+-]+|video\/(mp4|3gpp))(;.*)?$/;

const mediaParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
  messageId: z.coerce.number().int().positive(),
});

const mediaNotFound = () => new AppError('not_found', 'Mídia não encontrada.', 404);

/** What WhatsApp takes as an image (5 MB) or a document (100 MB; here up to the upload limit), by type. */
const SENDABLE = new Map<string, 'image' | 'document'>([
  ['image/jpeg', 'image'],
  ['image/png', 'image'],
  ['application/pdf', 'document'],
  ['text/plain', 'document'],
  ['application/msword', 'document'],
  ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'document'],
  ['application/vnd.ms-excel', 'document'],
  ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'document'],
  ['application/vnd.ms-powerpoint', 'document'],
  ['application/vnd.openxmlformats-officedocument.presentationml.presentation', 'document'],
]);
const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** The largest file the console sends (the request body limit of the route). */
export const UPLOAD_MAX_BYTES = 16 * 1024 * 1024;

const invalidFile = (message: string) =>
  new AppError('invalid_request', 'invalid request: body.file', 400, [{ path: 'body.file', message }]);

/**
 * `GET /admin/conversations/:id/messages/:messageId/media`: a customer's image, voice note,
 * document, sticker or video, fetched from the Graph API with the tenant's token and passed
 * through (the browser never sees the token or Meta's URL). Only the caller's tenant's
 * message of that conversation: anything else is 404. Images, audio and video are served
 * inline; other types (PDF, spreadsheets…) as an attachment with their file name. 502 when
 * Meta does not give it (media expire after 30 days), 413 over the size limit.
 *
 * `POST /admin/conversations/:id/media` (multipart: `file`, optional `caption`; `attendant`
 * with an API key): a JPEG/PNG image (≤ 5 MB) or a document (PDF, text, Office; ≤ 16 MB)
 * uploaded to the Graph API (`POST /{phone-number-id}/media`) and sent to the customer as an
 * image or document message with that media id, through the outbox like any reply (202).
 * 422 outside the 24-hour window (checked before the upload), 502 when Meta refuses the file.
 */
export function createMediaRoutes(deps: { db: Db; logger: Logger; media?: MediaProxyOptions | undefined }): Router {
  const router = Router();
  router.get('/conversations/:id/messages/:messageId/media', async (request, response) => {
    const { tenantId } = adminContextOf(response);
    const { id, messageId } = parseRequest(mediaParamsSchema, 'params', request.params);
    const message = await deps.db.message.findFirst({
      where: { id: messageId, conversationId: id, tenantId, direction: 'inbound', type: { in: [...MEDIA_TYPES] } },
      select: { type: true, payload: true, tenant: { select: { phoneNumberId: true, accessToken: true } } },
    });
    const media = (message?.payload as { message?: Record<string, { id?: unknown; filename?: unknown } | undefined> } | null)?.message?.[
      message?.type ?? ''
    ];
    if (!message || typeof media?.id !== 'string') throw mediaNotFound();
    if (!deps.media || !message.tenant.accessToken) {
      throw new AppError('media_unavailable', 'O acesso às mídias do WhatsApp não está configurado.', 503);
    }
    const download = await downloadMedia(
      deps.media,
      { phoneNumberId: message.tenant.phoneNumberId, accessToken: message.tenant.accessToken },
      media.id,
      deps.media.maxBytes,
    );
    if (download.kind === 'too_large') throw new AppError('media_too_large', 'A mídia é grande demais para abrir aqui.', 413);
    if (download.kind === 'failed') {
      deps.logger.warn({ tenantId, messageId, reason: download.reason }, 'customer media not fetched from the Graph API');
      throw new AppError('media_unavailable', 'O WhatsApp não entregou esta mídia (elas expiram em 30 dias).', 502);
    }
    const inline = INLINE_MIME.test(download.mimeType);
    const filename = typeof media.filename === 'string' ? media.filename.replace(/[^\w .()-]/g, '_').slice(0, 120) : `midia-${messageId}`;
    response
      .status(200)
      .set({
        'Content-Type': inline ? download.mimeType : 'application/octet-stream',
        'Content-Length': String(download.bytes.byteLength),
        'Content-Disposition': inline ? 'inline' : `attachment; filename="${filename}"`,
        'Cache-Control': 'private, max-age=300',
        'Content-Security-Policy': "default-src 'none'; sandbox",
      })
      .end(Buffer.from(download.bytes));
  });

  router.post(
    '/conversations/:id/media',
    express.raw({ type: 'multipart/form-data', limit: UPLOAD_MAX_BYTES }),
    async (request, response) => {
      const context = adminContextOf(response);
      const { tenantId } = context;
      const { id } = parseRequest(idParamsSchema, 'params', request.params);
      const form = await readForm(request.get('content-type'), request.body);
      const file = form?.get('file');
      if (!form || !(file instanceof File)) throw invalidFile('expected a multipart/form-data body with a file field "file"');
      const mimeType = file.type.split(';')[0]!.trim().toLowerCase();
      const kind = SENDABLE.get(mimeType);
      if (!kind) throw invalidFile('only JPEG or PNG images and PDF, text, Word, Excel or PowerPoint documents can be sent');
      if (file.size === 0) throw invalidFile('the file is empty');
      if (kind === 'image' && file.size > IMAGE_MAX_BYTES) throw invalidFile('images: at most 5 MB');
      const caption = textField(form, 'caption', 1024);
      const attendant = staffNameOf(context) ?? textField(form, 'attendant', 80) ?? null;
      const conversation = await deps.db.conversation.findFirst({
        where: { id, tenantId },
        select: { tenant: { select: { phoneNumberId: true, accessToken: true } } },
      });
      if (!conversation) throw new AppError('not_found', 'conversation not found', 404);
      // Checked before the upload: outside the window nothing would be delivered.
      if ((await readCustomerWindow(deps.db, tenantId, id)) !== 'open') {
        throw new AppError(
          'outside_customer_window',
          'O cliente não escreve há mais de 24 horas: o WhatsApp só permite mensagens modelo.',
          422,
        );
      }
      if (!deps.media || !conversation.tenant.accessToken) {
        throw new AppError('media_unavailable', 'O envio de arquivos pelo WhatsApp não está configurado.', 503);
      }
      const filename = file.name.replace(/[^\w .()-]/g, '_').slice(0, 120) || (kind === 'image' ? 'imagem' : 'documento');
      const uploaded = await uploadMedia(
        deps.media,
        { phoneNumberId: conversation.tenant.phoneNumberId, accessToken: conversation.tenant.accessToken },
        { bytes: new Uint8Array(await file.arrayBuffer()), mimeType, filename },
      );
      if (uploaded.kind === 'failed') {
        deps.logger.warn(
          { tenantId, conversationId: id, status: uploaded.status, reason: uploaded.reason },
          'media upload to the Graph API failed',
        );
        throw new AppError('media_upload_failed', 'O WhatsApp recusou o arquivo. Tente de novo ou envie outro.', 502);
      }
      const queued = await inTransaction(deps.db, (tx) =>
        queueOutboundMedia(tx, {
          tenantId,
          conversationId: id,
          media: { kind, mediaId: uploaded.mediaId, ...(kind === 'document' ? { filename } : {}), ...(caption ? { caption } : {}) },
          author: 'attendant',
          attendant,
          idempotencyKeyPrefix: `attendant-media:${tenantId}:${id}:${randomUUID()}`,
        }),
      );
      if (queued.kind !== 'queued') throw new AppError('outside_customer_window', 'A janela de 24 horas fechou.', 422);
      deps.logger.info({ tenantId, conversationId: id, kind }, 'attendant media queued');
      response.status(202).json({ attendant, kind, messages: queued.messages.map((message) => ({ id: message.id })) });
    },
  );
  return router;
}

/** The multipart form of a raw body, parsed by the platform's own parser; null when it is not one. */
async function readForm(contentType: string | undefined, body: unknown): Promise<FormData | null> {
  if (!contentType?.startsWith('multipart/form-data') || !Buffer.isBuffer(body)) return null;
  try {
    return await new Request('http://admin.invalid/', { method: 'POST', headers: { 'content-type': contentType }, body }).formData();
  } catch {
    return null;
  }
}

function textField(form: FormData, name: string, max: number): string | undefined {
  const value = form.get(name);
  if (typeof value !== 'string' || !value.trim()) return undefined;
  return value.trim().replace(/\0/g, '').slice(0, max);
}
