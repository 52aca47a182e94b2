import { Router } from 'express';
import { z } from 'zod';
import type { Keyring } from '../credentials/index.js';
import type { Db } from '../db/index.js';
import { downloadMedia } from '../graph/index.js';
import { AppError, type Logger } from '../shared/index.js';
import { adminContextOf } from './admin-context.js';
import { parseRequest } from './parse-request.js';

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

/**
 * `GET /admin/conversations/:id/messages/:messageId/media`: a customer's image, voice note,
 * document, sticker or video, fetched from the Graph API with the tenant's token and passed
 * through (the browser never sees the token or Meta's URL). Only the caller's tenant's
 * message of that conversation: anything else is 404. Images, audio and video are served
 * inline; other types (PDF, spreadsheets…) as an attachment with their file name. 502 when
 * Meta does not give it (media expire after 30 days), 413 over the size limit.
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
  return router;
}
