# Mingle: the built app and the compiled API server on one port.
# Build stage with dev dependencies (vite, esbuild); runtime stage with production dependencies only.
# Debian slim rather than alpine: sharp's prebuilt binaries are for glibc.

FROM node:20-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-slim AS runtime
ENV NODE_ENV=production \
    PORT=8080 \
    HOST=0.0.0.0 \
    DATA_DIR=/data \
    DIST_DIR=/app/dist
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY --from=build /app/dist-server ./dist-server
# The embedded database's folder (used only without DATABASE_URL), owned by the unprivileged user.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 8080
# Slim images have no curl: node asks /healthz itself.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node itself as PID 1 gets SIGTERM from `docker stop` and drains (npm would not pass it on).
CMD ["node", "--enable-source-maps", "--max-old-space-size=192", "--max-semi-space-size=4", "dist-server/main.js"]
