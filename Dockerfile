# One image for every Clearlist process: the server (`clearlist serve`) and the job workers
# (`clearlist worker`) run the same code with different commands (docker-compose.yml).
FROM node:24-bookworm-slim
WORKDIR /app
# `openssl dgst` hashes large list files several times faster than Node's own SHA-256 (ADR 067).
RUN apt-get update && apt-get install -y --no-install-recommends openssl && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The web app, as `npm start` builds it before serving.
RUN npm run build
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 DATA_DIR=/app/data
EXPOSE 8080
CMD ["node", "bin/clearlist.mjs", "serve"]
