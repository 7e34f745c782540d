# syntax=docker/dockerfile:1

# Healthcare Portal: production image.
#   docker build -t healthcare-portal .
#   docker run -p 3000:3000 -v portal-data:/data healthcare-portal
# With PostgreSQL, add -e DATABASE_URL=… -e SESSION_SECRET=… -e ENCRYPTION_KEY=…
# (README.md, "Settings").

ARG NODE_IMAGE=node:20-bookworm-slim

# 1. All dependencies. `postinstall` applies patches/ and runs `prisma generate`,
#    which reads the schema and prisma.config.ts, so they come in before `npm ci`.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
RUN apt-get update \
  && apt-get install -y --no-install-recommends openssl ca-certificates \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json prisma.config.ts ./
COPY prisma/schema.prisma ./prisma/schema.prisma
COPY patches ./patches
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund

# 2. The build: Remix client assets in public/build, and the server (app code,
#    the generated Prisma client and app/server.ts) bundled into build/index.js.
FROM deps AS build
COPY . .
RUN npm run build

# 3. Production dependencies only. --ignore-scripts skips `postinstall`
#    (`prisma generate` needs the prisma CLI, a devDependency); the generated
#    client is already compiled into build/index.js and only needs
#    @prisma/client's runtime, which is a plain dependency.
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --ignore-scripts --no-audit --no-fund
# --ignore-scripts also skips patch-package: take the server's patched packages
# (patches/, ADR 0027) from the full install.
COPY --from=deps /app/node_modules/@remix-run/router ./node_modules/@remix-run/router
COPY --from=deps /app/node_modules/@remix-run/react ./node_modules/@remix-run/react
COPY --from=deps /app/node_modules/react-router-dom ./node_modules/react-router-dom
COPY --from=deps /app/node_modules/react-dom ./node_modules/react-dom
COPY --from=deps /app/node_modules/@remix-run/server-runtime ./node_modules/@remix-run/server-runtime

# 4. The image that runs.
FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data \
    NPM_CONFIG_UPDATE_NOTIFIER=false
WORKDIR /app
RUN groupadd --system --gid 10001 portal \
  && useradd --system --uid 10001 --gid portal --home-dir /app --shell /usr/sbin/nologin portal \
  && mkdir -p /data \
  && chown portal:portal /data
# package.json: "type": "module" makes Node load build/index.js as ESM.
COPY package.json ./
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
# Migrations are read at start-up from ./prisma/migrations.
COPY --from=build /app/prisma ./prisma
# The embedded database, and the generated session secret and encryption key
# when none are configured, live here.
VOLUME ["/data"]
USER portal
EXPOSE 3000
# No curl in the slim image: Node's fetch does the check.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "build/index.js"]
