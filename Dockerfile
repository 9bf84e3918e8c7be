# syntax=docker/dockerfile:1
# Hireloop's image (docs/decisions/039-container.md): the Node release CI runs, on Debian (glibc),
# so the lockfile's prebuilt native packages (@node-rs/argon2, esbuild, rolldown, lightningcss)
# are the ones CI uses. Build: docker build -t hireloop .   Run: see compose.yaml.
ARG NODE_IMAGE=node:20.20.2-bookworm-slim

# 1. Build: the commands CI and `npm start` run. --ignore-scripts: npm 11 on CI runs no install
#    scripts unless allowed, and none is needed (esbuild finds its platform package without its
#    postinstall; @scarf/scarf's only reports downloads); the image's npm 10 would run them.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY . .
RUN npm run build

# 2. Production dependencies only, from the same lockfile. The bundle keeps every package
#    external (build:server --packages=external), so they are needed at run time.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund --ignore-scripts && npm cache clean --force

# 3. Runtime: the bundle, the built client, the migrations (applied at start) and the server's
#    sources for `npm run admin` (tsx is a production dependency). Owned by root, read-only to the
#    app; it writes only to DATA_DIR.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    NPM_CONFIG_UPDATE_NOTIFIER=false
WORKDIR /app
RUN mkdir -p /data && chown node:node /data
COPY --from=deps /app/node_modules ./node_modules
COPY package.json package-lock.json tsconfig.json ./
COPY drizzle ./drizzle
COPY src/server ./src/server
COPY src/contracts ./src/contracts
COPY --from=build /app/dist ./dist
USER node
EXPOSE 3000
# Liveness: the process answers on its port (GET /healthz). The load balancer asks /readyz, which
# also checks the database, storage and queue; a missing dependency must not get an instance
# restarted. No curl in the slim image: node's fetch, with a time limit below Docker's.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --start-interval=2s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz',{signal:AbortSignal.timeout(4000)}).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# exec form: node gets SIGTERM itself; main.ts closes the app, its queue and its database and
# exits (by force after 10 s; compose waits 15 s before SIGKILL). The flags are `npm start`'s (017).
CMD ["node", "--max-semi-space-size=2", "--v8-pool-size=1", "dist/server/main.js"]
