# syntax=docker/dockerfile:1
# The edge: nginx serving the shell and the three remotes' built files, routing /api/ and /media/ to the services
# with the config generated from infra/routes.json. Built from the repository root:
#   docker build -f infra/deploy/images/edge.Dockerfile -t academy/edge .
# runtime-config.json is mounted at /etc/academy at deploy time (ConfigMap / volume), so remotes can move to a CDN
# without rebuilding this image.
ARG NODE_IMAGE=node:24-bookworm-slim
ARG NGINX_IMAGE=nginxinc/nginx-unprivileged:1.29-alpine

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json tsconfig.base.json nx.json ./
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
RUN --mount=type=cache,target=/root/.npm,sharing=locked npm ci --no-audit --no-fund --ignore-scripts --include-workspace-root \
      -w libs/contracts -w libs/platform -w libs/ui -w libs/routing \
      -w shell -w mfe-learner -w mfe-educator -w mfe-info-pages
COPY tools tools
COPY libs libs
COPY shell shell
COPY mfe-learner mfe-learner
COPY mfe-educator mfe-educator
COPY mfe-info-pages mfe-info-pages
# nginx serves files and renders nothing: the apps' server modules (the Node edge's first-screen render) stay out.
RUN npx nx run-many -t build -p shell mfe-learner mfe-educator mfe-info-pages --skip-nx-cache \
 && rm -rf shell/dist/.server mfe-learner/dist/.server

FROM ${NGINX_IMAGE} AS runtime
# Same layout the generated config expects: the shell at /, each remote under /mfe/<name>/.
COPY --from=build /app/shell/dist /usr/share/nginx/academy
COPY --from=build /app/mfe-learner/dist /usr/share/nginx/academy/mfe/learner
COPY --from=build /app/mfe-educator/dist /usr/share/nginx/academy/mfe/educator
COPY --from=build /app/mfe-info-pages/dist /usr/share/nginx/academy/mfe/info
COPY infra/nginx/nginx.conf /etc/nginx/nginx.conf
COPY infra/deploy/runtime-config.json /etc/academy/runtime-config.json
# The unprivileged nginx image runs as uid 101; the pid file goes where that user may write.
USER 101
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --retries=6 \
  CMD ["wget", "-q", "-O", "/dev/null", "http://127.0.0.1:8080/runtime-config.json"]
CMD ["nginx", "-g", "daemon off; pid /tmp/nginx.pid;"]
