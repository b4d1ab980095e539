# syntax=docker/dockerfile:1
# The idcheck image: one image for the API (`npm start`) and the worker (`bin/idcheck worker`, with the same Node flags).
# Build and run it alone (embedded mode, data in a volume):
#   docker build -t idcheck .
#   docker run --init -p 3000:3000 -v idcheck-data:/app/data idcheck
# Server mode with PostgreSQL, Redis, two API processes and a worker: compose.yaml, docs/operating.md.
ARG NODE_IMAGE=node:24-bookworm-slim

# 1. Dependencies exactly as package-lock.json says, without the development tools. This also installs
#    the project's pinned Node (the `node` package) into node_modules/.bin, which every command below uses.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# 2. The runtime: the source runs as TypeScript on the pinned Node (no build step), as a non-root user.
FROM ${NODE_IMAGE} AS runtime
ENV HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data \
    NPM_CONFIG_UPDATE_NOTIFIER=false
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY package.json package-lock.json ./
COPY bin ./bin
COPY migrations ./migrations
COPY src ./src
# Embedded mode keeps its database, token key and demo credentials here; server mode writes nothing to disk.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
VOLUME ["/app/data"]
# Liveness only: /health/ready also needs the database, which is the orchestrator's business to wait for.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node_modules/.bin/node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/health/live').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM reaches the server through npm (run with --init, or `init: true` in compose): in-flight requests
# and jobs finish, and it exits within 25 s; give the container at least 30 s to stop.
CMD ["npm", "start"]
