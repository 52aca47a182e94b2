# syntax=docker/dockerfile:1
# Multi-stage: build with dev dependencies, run with production dependencies only, as non-root.
# test/boot/runtime-image.test.ts reads the runtime stage (its install line, ENV, COPY and CMD)
# and runs it outside Docker: keep those lines simple enough for it to follow.
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
# --omit=optional as well: @prisma/client lists the prisma CLI and typescript as optional peers,
# which makes them (and Prisma Studio's React packages) "dev or optional" in the lock file, kept
# by --omit=dev alone. The one optional package the service runs (argon2's Linux binary) is a
# direct dependency in package.json.
RUN npm ci --omit=dev --omit=optional --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY prisma/migrations ./prisma/migrations
COPY scripts ./scripts
# DATA_DIR (.data) holds the embedded PostgreSQL when DATABASE_URL is unset; the service runs as node.
RUN mkdir -p .data && chown node:node .data
USER node
EXPOSE 3000
# DATABASE_URL, WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN and ANTHROPIC_API_KEY come from the environment.
HEALTHCHECK --interval=30s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# The service itself is the container's main process (no npm, no shell in between), so
# `docker stop`'s SIGTERM reaches it: it drains HTTP and jobs, stops the embedded PostgreSQL if
# it started one, and exits 0 (SIGINT and SIGHUP alike). It applies migrations at every start.
CMD ["node", "dist/main.js"]
