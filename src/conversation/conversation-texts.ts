/** Customer-facing texts of the conversation pipeline (pt-BR). */
export const CONVERSATION_TEXTS = {
  handoffNotice: 'Recebi sua mensagem! Um atendente vai te responder em breve. 🙂',
  textOnly: 'Desculpe, por aqui eu só consigo ler mensagens de texto. Pode me escrever o que você precisa?',
  audio: 'Desculpe, não consigo ouvir áudios por aqui. Por favor, digite sua mensagem que eu te ajudo. 🙂',
  unsupportedHandoff:
    'Como não consigo ver esse tipo de mensagem, chamei uma pessoa da nossa equipe para te ajudar. Ela responde por aqui em breve.',
  messageFlood:
    'Recebi muitas mensagens suas em pouco tempo. Para te atender melhor, chamei uma pessoa da nossa equipe, que vai ler tudo e te responder por aqui em breve. 🙂',
  processingFailed: 'Desculpe, tive um problema para responder sua mensagem. Já chamei um atendente, que vai te responder em breve.',
} as const;
