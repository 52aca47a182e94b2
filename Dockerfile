# syntax=docker/dockerfile:1
# Multi-stage: build with dev dependencies, run with production dependencies only, as non-root.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json prisma.config.ts ./
COPY prisma ./prisma
COPY scripts ./scripts
COPY src ./src
COPY console-ui ./console-ui
RUN node scripts/build.mjs --force

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY prisma ./prisma
COPY scripts ./scripts
USER node
EXPOSE 3000
# DATABASE_URL, WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN and ANTHROPIC_API_KEY come from the environment.
HEALTHCHECK --interval=30s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["npm", "start"]
