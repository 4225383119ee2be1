# syntax=docker/dockerfile:1
# Planport: build with the commands CI runs (`npm ci`, `npm run build`), run the compiled server
# (`npm start` → dist/server/main.js) as a non-root user. docs/operations.md describes it.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# pg_dump and pg_restore for `npm run backup` / `restore` on PostgreSQL (15, as in CI and compose.yaml).
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client \
  && rm -rf /var/lib/apt/lists/*
# Runtime packages only: the build tools (vite, esbuild) stay in the build stage.
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
# The build, and what it reads beside it: demo fixtures and catalogues (src/server), the start and
# backup scripts (with NODE_ENV=production they run the build and never rebuild).
COPY --from=build /app/dist ./dist
COPY --from=build /app/src ./src
COPY --from=build /app/scripts ./scripts
RUN mkdir -p /data && chown node:node /data
USER node
# The embedded database and stored files (unless DATABASE_URL and S3_* point elsewhere).
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health/ready`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["npm", "start"]
