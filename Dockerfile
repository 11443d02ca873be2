# syntax=docker/dockerfile:1
# Mandi in a container: `docker build -t mandi .` then `docker run -p 3000:3000 -v mandi-data:/data mandi`
# (or `docker compose up` with compose.yaml). Three stages: the build with every dependency, the
# production dependencies alone, and a small runtime image that holds only those and the build.

FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:22-bookworm-slim AS production-dependencies
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM node:22-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=production-dependencies /app/node_modules ./node_modules
COPY --from=build /app/build ./build
# What the server reads from disk besides its build (its migrations and the pincode directory,
# in app/), the start script with the package file that names the project's root, and the
# sources of the shell's commands (npm run store, backup, restore, updates), which tsx, a
# production dependency, runs: `docker exec <container> npm run backup -- --list`.
COPY package.json tsconfig.json ./
COPY app ./app
COPY server ./server
COPY scripts ./scripts
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["npm", "start"]
