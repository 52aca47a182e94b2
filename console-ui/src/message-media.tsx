import type { ConversationMessage } from '../../src/contract/index.js';

const MEDIA_TYPES = new Set(['image', 'sticker', 'audio', 'video', 'document']);

/** Whether a customer's message carries media the admin API can pass through. */
export const hasMedia = (message: ConversationMessage): boolean => message.direction === 'inbound' && MEDIA_TYPES.has(message.type);

/**
 * A customer's image, sticker, voice note, video or document, shown in the conversation from
 * `GET /admin/conversations/:id/messages/:messageId/media` (the session's cookie; the
 * service fetches it from WhatsApp). A voice note's transcript is the message's text, shown
 * under it by the caller.
 */
export function MessageMedia(props: { conversationId: number; message: ConversationMessage }) {
  const { message } = props;
  if (!hasMedia(message)) return null;
  const src = `/admin/conversations/${props.conversationId}/messages/${message.id}/media`;
  switch (message.type) {
    case 'image':
    case 'sticker':
      return (
        <a class="media" href={src} target="_blank" rel="noopener">
          <img src={src} alt={message.type === 'image' ? 'Imagem enviada pelo cliente' : 'Figurinha enviada pelo cliente'} loading="lazy" />
        </a>
      );
    case 'audio':
      return (
        // biome-ignore lint/a11y/useMediaCaption: the voice note's transcript is shown right under it, as the message's text
        <audio class="media" controls preload="none" src={src} aria-label="Áudio enviado pelo cliente" />
      );
    case 'video':
      return (
        // biome-ignore lint/a11y/useMediaCaption: customers' videos come without captions
        <video class="media" controls preload="none" src={src} aria-label="Vídeo enviado pelo cliente" />
      );
    default:
      return (
        <a class="media document" href={src} download>
          Baixar documento enviado pelo cliente
        </a>
      );
  }
}
