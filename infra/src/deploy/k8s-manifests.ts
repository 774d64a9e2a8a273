import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { stringify } from 'yaml';
import { infraDir } from '../paths.js';
import { loadRouteTable, STREAM_READ_TIMEOUT_SECONDS, type RouteTable, type ServiceName } from '../routes/route-table.js';

// Kubernetes manifests of the portal, GENERATED from this file and infra/routes.json (like the nginx config), so the
// services, their variables, the Ingress and the route table cannot drift. A test compares the committed files.

export const k8sDir = path.join(infraDir, 'deploy', 'k8s');

export type Manifest = Record<string, unknown> & {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
};

/** A plain value, or a key of the `academy-secrets` Secret. */
type EnvSource = { value: string } | { secret: string };

const partOf = { 'app.kubernetes.io/part-of': 'academy' };
const labels = (name: string) => ({ ...partOf, 'app.kubernetes.io/name': name });

/** Replicas the HTTP autoscalers may reach; pools are sized so all of them fit PostgreSQL's connection limit. */
const maxHttpReplicas = 6;
const maxWorkerReplicas = 6;
/** Connections per process: (3 services × 6 + 3 workers × 6) × 4 = 144, under a managed PostgreSQL's 200. */
const dbPoolMax = '4';

const shared: Record<string, EnvSource> = {
  NODE_ENV: { value: 'production' },
  DATABASE_URL: { secret: 'DATABASE_URL' },
  DB_POOL_MAX: { value: dbPoolMax },
  REDIS_URL: { secret: 'REDIS_URL' },
  QUEUE_PREFIX: { value: 'academy' },
  AUTH_ISSUER: { value: 'https://TENANT.auth0.com/' },
  AUTH_AUDIENCE: { value: 'https://api.academy.example' },
  AUTH_CLAIMS_NAMESPACE: { value: 'https://academy.example/' },
  INTERNAL_TOKEN: { secret: 'INTERNAL_TOKEN' },
  // Operators' credential (core config): every service's dead letters, and catalogue's queue dashboard at /internal/queues.
  OPERATOR_TOKEN: { secret: 'OPERATOR_TOKEN' },
  LOG_LEVEL: { value: 'info' },
};

/** The media bucket (services/core/src/storage/object-storage.ts); its bucket policy makes only public/* readable, behind the CDN. */
const mediaBucket: Record<string, EnvSource> = {
  S3_BUCKET: { value: 'academy-media' },
  S3_REGION: { value: 'ap-south-1' },
  S3_ACCESS_KEY_ID: { secret: 'S3_ACCESS_KEY_ID' },
  S3_SECRET_ACCESS_KEY: { secret: 'S3_SECRET_ACCESS_KEY' },
  S3_PUBLIC_BASE_URL: { value: 'https://media.academy.example' },
};

export interface ServiceDeployment {
  name: ServiceName;
  env: Record<string, EnvSource>;
  /** Queues whose wait list scales the worker (BullMQ keys `<prefix>:<queue>:wait`). */
  queues: string[];
  /** Workers of their own entry point and queue, scaled apart (catalogue's video transcoding). */
  extraWorkers?: ExtraWorker[];
}

export interface ExtraWorker {
  /** Deployment name, e.g. `catalogue-video-worker`. */
  name: string;
  /** Built entry point, e.g. `dist/video-worker.js`. */
  entry: string;
  queues: string[];
  /** Jobs waiting per replica before KEDA adds one. */
  listLength: string;
  minReplicas: number;
  maxReplicas: number;
  resources: typeof resources;
}

export function serviceDeployments(table: RouteTable = loadRouteTable()): ServiceDeployment[] {
  const url = (service: ServiceName) => ({ value: `http://${service}:${table.services[service].port}` });
  return [
    {
      name: 'catalogue',
      queues: ['catalogue-events'],
      // ffmpeg takes whole cores for minutes: one job per pod, a replica per two waiting uploads, more memory.
      extraWorkers: [
        {
          name: 'catalogue-video-worker',
          entry: 'dist/video-worker.js',
          queues: ['catalogue-videos'],
          listLength: '2',
          minReplicas: 1,
          maxReplicas: 4,
          resources: { requests: { cpu: '1000m', memory: '512Mi' }, limits: { memory: '1536Mi' } },
        },
      ],
      env: {
        ...shared,
        // Catalogue calls no other service: who may watch or download is its own projection of progress's events.
        // Verifies the signed links of paid lecture files.
        MEDIA_LINK_SECRET: { secret: 'MEDIA_LINK_SECRET' },
        // Every media file lives in one S3-compatible bucket, never on a pod's disk; a CDN serves its public/ folder.
        ...mediaBucket,
        // Live classes: each class is placed on one Janus node when it starts (live.yaml).
        JANUS_NODES: { value: janusNodesValue() },
        JANUS_RECORDINGS_DIR: { value: JANUS_RECORDINGS_PATH },
      },
    },
    {
      name: 'commerce',
      queues: ['commerce', 'commerce-earnings'],
      env: {
        ...shared,
        CATALOGUE_URL: url('catalogue'),
        PROGRESS_URL: url('progress'),
        RAZORPAY_KEY_ID: { secret: 'RAZORPAY_KEY_ID' },
        RAZORPAY_KEY_SECRET: { secret: 'RAZORPAY_KEY_SECRET' },
        RAZORPAY_WEBHOOK_SECRET: { secret: 'RAZORPAY_WEBHOOK_SECRET' },
      },
    },
    {
      name: 'progress',
      queues: ['progress'],
      env: {
        ...shared,
        CATALOGUE_URL: url('catalogue'),
        // Signs the links of paid lecture files for enrolled learners.
        MEDIA_LINK_SECRET: { secret: 'MEDIA_LINK_SECRET' },
        // Certificates print this as their verification link.
        PORTAL_URL: { value: 'https://academy.example' },
        // Learners' assignment files go to the bucket's paid/ folder; images attached to doubts live in it too (read only through progress).
        ...mediaBucket,
      },
    },
  ];
}

function envList(env: Record<string, EnvSource>, extra: Record<string, string> = {}) {
  return [
    ...Object.entries(extra).map(([name, value]) => ({ name, value })),
    ...Object.entries(env).map(([name, source]) =>
      'value' in source
        ? { name, value: source.value }
        : { name, valueFrom: { secretKeyRef: { name: 'academy-secrets', key: source.secret } } },
    ),
  ];
}

const resources = { requests: { cpu: '100m', memory: '192Mi' }, limits: { memory: '512Mi' } };
/**
 * HTTP pods: one Node process uses one core at most, and its answers queue once it is busy much more than half the
 * time, so the HPA adds a pod at 0.6 core: 120 % of a 500m request (docs/operations.md, capacity model, from
 * bench/results/load.json). At 1,000,000 learners the model needs 5, 2 and 4 pods: maxHttpReplicas 6 covers it.
 */
const httpResources = { requests: { cpu: '500m', memory: '192Mi' }, limits: { memory: '512Mi' } };
const httpCpuTargetPercent = 120;
const podSecurity = { runAsNonRoot: true, runAsUser: 1000, runAsGroup: 1000 };
const containerSecurity = { allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } };
/** A worker has no HTTP port: its probe asks Redis, the one thing it cannot work without. */
const redisPing = {
  exec: {
    command: ['node', '-e', "new (require('ioredis'))(process.env.REDIS_URL,{lazyConnect:true,maxRetriesPerRequest:1}).ping().then(()=>process.exit(0),()=>process.exit(1))"],
  },
};

/** Where workers serve /metrics (they have no HTTP app). */
const workerMetricsPort = 9464;
/**
 * The operator pages (dead letters; catalogue's queue dashboard) listen on their own port: in no Service, and the
 * NetworkPolicy below lets nothing in the cluster reach it. Operators use `kubectl port-forward`.
 */
export const OPERATOR_CONTAINER_PORT = 9100;

/** A service's migration Job, its HTTP Deployment with Service and scaling, and its workers. */
function serviceManifests(service: ServiceDeployment, table: RouteTable): Manifest[] {
  const { name } = service;
  const port = table.services[name].port;
  return [
    migrationJob(service),
    httpDeployment(service, port),
    ...httpServing(name, port),
    ...workerManifests(service, {
      name: `${name}-worker`,
      entry: 'dist/worker.js',
      queues: service.queues,
      listLength: '20',
      minReplicas: 2,
      maxReplicas: maxWorkerReplicas,
      resources,
    }),
    ...(service.extraWorkers ?? []).flatMap((extra) => workerManifests(service, extra)),
  ];
}

/** The service's migrations, run once as a Job: the HTTP replicas never migrate. */
function migrationJob(service: ServiceDeployment): Manifest {
  const { name } = service;
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name: `${name}-migrate`, labels: labels(`${name}-migrate`) },
    spec: {
      backoffLimit: 3,
      ttlSecondsAfterFinished: 3600,
      template: {
        metadata: { labels: labels(`${name}-migrate`) },
        spec: {
          restartPolicy: 'Never',
          securityContext: podSecurity,
          containers: [
            {
              name: 'migrate',
              image: `academy/${name}:latest`,
              command: ['node', 'dist/migrate.js'],
              env: envList(service.env),
              resources,
              securityContext: containerSecurity,
            },
          ],
        },
      },
    },
  };
}

function httpDeployment(service: ServiceDeployment, port: number): Manifest {
  const { name } = service;
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, labels: { ...labels(name), 'academy/role': 'service' } },
    spec: {
      replicas: 2,
      selector: { matchLabels: { 'app.kubernetes.io/name': name } },
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } },
      template: {
        metadata: {
          labels: { ...labels(name), 'academy/role': 'service' },
          annotations: { 'prometheus.io/scrape': 'true', 'prometheus.io/port': String(port), 'prometheus.io/path': '/metrics' },
        },
        spec: {
          securityContext: podSecurity,
          containers: [
            {
              name: 'http',
              image: `academy/${name}:latest`,
              command: ['node', 'dist/main.js'],
              ports: [
                { name: 'http', containerPort: port },
                { name: 'operator', containerPort: OPERATOR_CONTAINER_PORT },
              ],
              env: envList(service.env, { PORT: String(port), OPERATOR_PORT: String(OPERATOR_CONTAINER_PORT) }),
              // Liveness is shallow (a database blip must not restart every pod); readiness asks PostgreSQL and Redis.
              livenessProbe: { httpGet: { path: '/health/live', port: 'http' }, periodSeconds: 20, failureThreshold: 3 },
              readinessProbe: { httpGet: { path: '/health', port: 'http' }, periodSeconds: 10, failureThreshold: 2 },
              startupProbe: { httpGet: { path: '/health/live', port: 'http' }, periodSeconds: 2, failureThreshold: 30 },
              resources: httpResources,
              securityContext: containerSecurity,
              volumeMounts: [{ name: 'tmp', mountPath: '/tmp' }],
            },
          ],
          volumes: [{ name: 'tmp', emptyDir: {} }],
        },
      },
    },
  };
}

/** The HTTP pods' Service (the name other services call), CPU autoscaler and disruption budget. */
function httpServing(name: ServiceName, port: number): Manifest[] {
  return [
    {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name, labels: partOf },
      spec: { selector: { 'app.kubernetes.io/name': name }, ports: [{ name: 'http', port, targetPort: 'http' }] },
    },
    {
      apiVersion: 'autoscaling/v2',
      kind: 'HorizontalPodAutoscaler',
      metadata: { name, labels: partOf },
      spec: {
        scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name },
        minReplicas: 2,
        maxReplicas: maxHttpReplicas,
        metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: httpCpuTargetPercent } } }],
      },
    },
    {
      apiVersion: 'policy/v1',
      kind: 'PodDisruptionBudget',
      metadata: { name, labels: partOf },
      spec: { minAvailable: 1, selector: { matchLabels: { 'app.kubernetes.io/name': name } } },
    },
  ];
}

/** A worker Deployment (no HTTP port), its disruption budget, and KEDA scaling it on its queues' wait lists. */
function workerManifests(service: ServiceDeployment, worker: ExtraWorker): Manifest[] {
  const image = `academy/${service.name}:latest`;
  return [
    {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: worker.name, labels: { ...labels(worker.name), 'academy/role': 'worker' } },
      spec: {
        replicas: worker.minReplicas,
        selector: { matchLabels: { 'app.kubernetes.io/name': worker.name } },
        template: {
          metadata: {
            labels: { ...labels(worker.name), 'academy/role': 'worker' },
            // Job durations and failures, queue depth: the worker serves /metrics on METRICS_PORT (services/core).
            annotations: { 'prometheus.io/scrape': 'true', 'prometheus.io/port': String(workerMetricsPort), 'prometheus.io/path': '/metrics' },
          },
          spec: {
            securityContext: podSecurity,
            // Jobs in flight finish (BullMQ's graceful close) before the pod is killed.
            terminationGracePeriodSeconds: 60,
            containers: [
              {
                name: 'worker',
                image,
                command: ['node', worker.entry],
                ports: [{ name: 'metrics', containerPort: workerMetricsPort }],
                env: envList(service.env, { METRICS_PORT: String(workerMetricsPort) }),
                readinessProbe: { ...redisPing, periodSeconds: 15, timeoutSeconds: 5 },
                livenessProbe: { ...redisPing, periodSeconds: 30, timeoutSeconds: 5, failureThreshold: 10 },
                resources: worker.resources,
                securityContext: containerSecurity,
                volumeMounts: [{ name: 'tmp', mountPath: '/tmp' }],
              },
            ],
            volumes: [{ name: 'tmp', emptyDir: {} }],
          },
        },
      },
    },
    {
      apiVersion: 'policy/v1',
      kind: 'PodDisruptionBudget',
      metadata: { name: worker.name, labels: partOf },
      spec: { minAvailable: 1, selector: { matchLabels: { 'app.kubernetes.io/name': worker.name } } },
    },
    {
      // KEDA scales the worker on the BullMQ wait list (a Redis list per queue).
      apiVersion: 'keda.sh/v1alpha1',
      kind: 'ScaledObject',
      metadata: { name: worker.name, labels: partOf },
      spec: {
        scaleTargetRef: { name: worker.name },
        minReplicaCount: worker.minReplicas,
        maxReplicaCount: worker.maxReplicas,
        triggers: worker.queues.map((queue) => ({
          type: 'redis',
          metadata: { listName: `academy:${queue}:wait`, listLength: worker.listLength, addressFromEnv: 'REDIS_ADDRESS' },
          authenticationRef: { name: 'academy-redis' },
        })),
      },
    },
  ];
}

/**
 * Janus nodes (one per Kubernetes node): each runs whole classes, with its packager beside it in the same pod, which
 * takes 4 live jobs at a time (video-worker.module.ts): 4 classes per node, so 1,000 classes at once need 250 nodes of
 * about 6 cores (docs/live-capacity.md). Scale this with the classes expected at the peak.
 */
export const JANUS_REPLICAS = 4;
const JANUS_HTTP_PORT = 8088;
/** Janus's media ports on the node (hostNetwork): the range learners' and speakers' browsers reach, or coturn relays to. */
const JANUS_RTP_RANGE = '20000-40000';
const JANUS_RECORDINGS_PATH = '/recordings';
const janusNodesValue = () =>
  Array.from({ length: JANUS_REPLICAS }, (_, index) => `janus-${index}=http://janus-${index}.janus:${JANUS_HTTP_PORT}/janus`).join(',');

/** Janus's configuration: the video room and the HTTP API only (as infra/src/local/janus.ts writes it locally). */
function janusConfigMap(): Manifest {
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: 'janus-config', labels: partOf },
    data: {
      'janus.jcfg': [
        'general: { configs_folder = "/etc/janus" plugins_folder = "/usr/lib/x86_64-linux-gnu/janus/plugins" transports_folder = "/usr/lib/x86_64-linux-gnu/janus/transports" debug_level = 4 }',
        'plugins: { disable = "libjanus_audiobridge.so,libjanus_duktape.so,libjanus_echotest.so,libjanus_lua.so,libjanus_nosip.so,libjanus_recordplay.so,libjanus_sip.so,libjanus_streaming.so,libjanus_textroom.so,libjanus_videocall.so,libjanus_voicemail.so" }',
        'transports: { disable = "libjanus_websockets.so,libjanus_pfunix.so,libjanus_mqtt.so,libjanus_nanomsg.so,libjanus_rabbitmq.so" }',
        // On the node's network Janus offers the node's addresses; behind a cloud NAT add nat_1_1_mapping = "<public IP>".
        `media: { rtp_port_range = "${JANUS_RTP_RANGE}" }`,
        'nat: { nice_debug = false ignore_mdns = true }',
        '',
      ].join('\n'),
      'janus.transport.http.jcfg': `general: { json = "indented" base_path = "/janus" http = true port = ${JANUS_HTTP_PORT} https = false }\nadmin: { admin_http = false }\n`,
      'janus.plugin.videoroom.jcfg': 'general: { }\n',
    },
  };
}

/**
 * The live engine: a StatefulSet of Janus pods (stable names janus-0…, which catalogue's placement records per class),
 * one per Kubernetes node (required anti-affinity), on the node's network for WebRTC media. The catalogue video worker
 * runs in the same pod as the class's packager (LIVE_NODE = the pod's name): Janus forwards RTP to 127.0.0.1, and the
 * recordings it writes are on the pod's volume, which the recording job reads after the class.
 */
function janusManifests(catalogue: ServiceDeployment): Manifest[] {
  const name = 'janus';
  const recordings = { name: 'recordings', mountPath: JANUS_RECORDINGS_PATH };
  return [
    janusConfigMap(),
    {
      apiVersion: 'apps/v1',
      kind: 'StatefulSet',
      metadata: { name, labels: { ...labels(name), 'academy/role': 'live-engine' } },
      spec: {
        serviceName: name,
        replicas: JANUS_REPLICAS,
        podManagementPolicy: 'Parallel',
        selector: { matchLabels: { 'app.kubernetes.io/name': name } },
        template: {
          metadata: { labels: { ...labels(name), 'academy/role': 'live-engine' } },
          spec: {
            hostNetwork: true,
            dnsPolicy: 'ClusterFirstWithHostNet',
            affinity: {
              podAntiAffinity: {
                requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { 'app.kubernetes.io/name': name } }, topologyKey: 'kubernetes.io/hostname' }],
              },
            },
            // Classes in progress: the packager finishes its playlists and Janus its recordings before the pod goes.
            terminationGracePeriodSeconds: 120,
            securityContext: { fsGroup: 1000 },
            containers: [
              {
                name: 'janus',
                image: 'academy/janus:latest',
                ports: [{ name: 'api', containerPort: JANUS_HTTP_PORT }],
                livenessProbe: { httpGet: { path: '/janus/info', port: 'api' }, periodSeconds: 20, failureThreshold: 3 },
                readinessProbe: { httpGet: { path: '/janus/info', port: 'api' }, periodSeconds: 10 },
                resources: { requests: { cpu: '500m', memory: '256Mi' }, limits: { memory: '1Gi' } },
                securityContext: { runAsNonRoot: true, runAsUser: 1000, runAsGroup: 1000, allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] } },
                volumeMounts: [{ name: 'janus-config', mountPath: '/etc/janus', readOnly: true }, recordings],
              },
              {
                name: 'packager',
                image: `academy/${catalogue.name}:latest`,
                command: ['node', 'dist/video-worker.js'],
                ports: [{ name: 'metrics', containerPort: workerMetricsPort }],
                env: [
                  { name: 'LIVE_NODE', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } },
                  ...envList(catalogue.env, { METRICS_PORT: String(workerMetricsPort) }),
                ],
                readinessProbe: { ...redisPing, periodSeconds: 15, timeoutSeconds: 5 },
                livenessProbe: { ...redisPing, periodSeconds: 30, timeoutSeconds: 5, failureThreshold: 10 },
                // Four classes' ladders (720p, 360p, 180p, audio) at about a core each (docs/live-capacity.md).
                resources: { requests: { cpu: '4000m', memory: '2Gi' }, limits: { memory: '6Gi' } },
                securityContext: containerSecurity,
                volumeMounts: [{ name: 'tmp', mountPath: '/tmp' }, recordings],
              },
            ],
            volumes: [{ name: 'janus-config', configMap: { name: 'janus-config' } }, { name: 'tmp', emptyDir: {} }],
          },
        },
        // Recordings outlive a restarted pod: the recording job of a class that ended just before still finds them.
        volumeClaimTemplates: [
          { metadata: { name: 'recordings' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '50Gi' } } } },
        ],
      },
    },
    {
      // Headless: janus-0.janus, janus-1.janus… are the addresses in JANUS_NODES.
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name, labels: partOf },
      spec: { clusterIP: 'None', selector: { 'app.kubernetes.io/name': name }, ports: [{ name: 'api', port: JANUS_HTTP_PORT, targetPort: 'api' }] },
    },
    {
      apiVersion: 'policy/v1',
      kind: 'PodDisruptionBudget',
      metadata: { name, labels: partOf },
      spec: { maxUnavailable: 1, selector: { matchLabels: { 'app.kubernetes.io/name': name } } },
    },
  ];
}

const TURN_PORT = 3478;

/** coturn's pods: one per node on the node's network (relayed media uses the node's ports). */
function coturnDeployment(name: string): Manifest {
  const secret = (key: string) => ({ valueFrom: { secretKeyRef: { name: 'academy-turn', key } } });
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, labels: { ...labels(name), 'academy/role': 'turn' } },
    spec: {
      replicas: 2,
      selector: { matchLabels: { 'app.kubernetes.io/name': name } },
      template: {
        metadata: { labels: { ...labels(name), 'academy/role': 'turn' } },
        spec: {
          // Relayed media uses the node's ports (min-port…max-port); one relay per node.
          hostNetwork: true,
          affinity: {
            podAntiAffinity: {
              requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { 'app.kubernetes.io/name': name } }, topologyKey: 'kubernetes.io/hostname' }],
            },
          },
          containers: [
            {
              name: 'coturn',
              image: 'coturn/coturn:4.6',
              args: [
                '--log-file=stdout', '--fingerprint', '--lt-cred-mech', '--no-cli', '--no-multicast-peers',
                `--listening-port=${TURN_PORT}`, '--min-port=49160', '--max-port=49800',
                '--user=$(TURN_USERNAME):$(TURN_PASSWORD)', '--realm=$(TURN_REALM)',
                // Relay only to public addresses and the Janus nodes, never into the cluster's private services.
                '--denied-peer-ip=10.0.0.0-10.255.255.255', '--denied-peer-ip=172.16.0.0-172.31.255.255', '--denied-peer-ip=192.168.0.0-192.168.255.255',
                '--user-quota=12', '--total-quota=1200',
              ],
              env: [
                { name: 'TURN_USERNAME', ...secret('TURN_USERNAME') },
                { name: 'TURN_PASSWORD', ...secret('TURN_PASSWORD') },
                { name: 'TURN_REALM', ...secret('TURN_REALM') },
              ],
              ports: [
                { name: 'turn-udp', containerPort: TURN_PORT, protocol: 'UDP' },
                { name: 'turn-tcp', containerPort: TURN_PORT, protocol: 'TCP' },
              ],
              livenessProbe: { tcpSocket: { port: 'turn-tcp' }, periodSeconds: 20 },
              readinessProbe: { tcpSocket: { port: 'turn-tcp' }, periodSeconds: 10 },
              resources: { requests: { cpu: '250m', memory: '128Mi' }, limits: { memory: '512Mi' } },
              securityContext: { runAsNonRoot: true, runAsUser: 65534, allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] } },
            },
          ],
        },
      },
    },
  };
}

/**
 * coturn, the TURN relay for browsers whose network blocks direct UDP to Janus (about a quarter of Indian mobile
 * users): UDP and TCP 3478, and TLS on 443 for networks that allow nothing else. Its user and password come from the
 * `academy-turn` Secret; the browser gets the same ones in runtime-config.json's `iceServers`.
 */
function coturnManifests(): Manifest[] {
  const name = 'coturn';
  return [
    {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 'academy-turn', labels: partOf },
      type: 'Opaque',
      stringData: { TURN_USERNAME: 'REPLACE_ME', TURN_PASSWORD: 'REPLACE_ME', TURN_REALM: 'academy.example' },
    },
    coturnDeployment(name),
    {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name, labels: partOf, annotations: { 'academy.example/note': 'expose on a public address (LoadBalancer or the nodes\' addresses in DNS as turn.academy.example)' } },
      spec: {
        type: 'LoadBalancer',
        selector: { 'app.kubernetes.io/name': name },
        ports: [
          { name: 'turn-udp', port: TURN_PORT, targetPort: 'turn-udp', protocol: 'UDP' },
          { name: 'turn-tcp', port: TURN_PORT, targetPort: 'turn-tcp', protocol: 'TCP' },
        ],
      },
    },
    {
      apiVersion: 'autoscaling/v2',
      kind: 'HorizontalPodAutoscaler',
      metadata: { name, labels: partOf },
      spec: {
        scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name },
        minReplicas: 2,
        maxReplicas: 8,
        metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } } }],
      },
    },
    {
      apiVersion: 'policy/v1',
      kind: 'PodDisruptionBudget',
      metadata: { name, labels: partOf },
      spec: { minAvailable: 1, selector: { matchLabels: { 'app.kubernetes.io/name': name } } },
    },
  ];
}

/** Connections each gateway pod holds before the autoscaler adds one (docs/live-capacity.md). */
export const GATEWAY_CONNECTIONS_PER_POD = 5000;

/**
 * Progress's gateway entry point (live classes' chat, hands, polls over socket.io with the Redis adapter): scaled on
 * CPU, and on connections where the cluster's metrics adapter serves `academy_live_gateway_connections` per pod.
 * socket.io runs WebSocket-only, so no sticky sessions are needed.
 */
function gatewayManifests(progress: ServiceDeployment, table: RouteTable): Manifest[] {
  const name = 'progress-gateway';
  const socket = (table.websockets ?? []).find((entry) => entry.entryPoint === name);
  if (!socket) throw new Error(`infra/routes.json has no websocket route of ${name}`);
  const env = { ...shared, CATALOGUE_URL: progress.env.CATALOGUE_URL! };
  return [
    {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name, labels: { ...labels(name), 'academy/role': 'service' } },
      spec: {
        replicas: 2,
        selector: { matchLabels: { 'app.kubernetes.io/name': name } },
        strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } },
        template: {
          metadata: {
            labels: { ...labels(name), 'academy/role': 'service' },
            annotations: { 'prometheus.io/scrape': 'true', 'prometheus.io/port': String(socket.port), 'prometheus.io/path': '/metrics' },
          },
          spec: {
            securityContext: podSecurity,
            // Clients reconnect by themselves and get what they missed; a minute lets open acknowledgements finish.
            terminationGracePeriodSeconds: 60,
            containers: [
              {
                name: 'gateway',
                image: `academy/${progress.name}:latest`,
                command: ['node', 'dist/gateway.js'],
                ports: [{ name: 'http', containerPort: socket.port }],
                env: envList(env, { PORT: String(socket.port) }),
                livenessProbe: { httpGet: { path: '/health/live', port: 'http' }, periodSeconds: 20, failureThreshold: 3 },
                readinessProbe: { httpGet: { path: '/health', port: 'http' }, periodSeconds: 10, failureThreshold: 2 },
                startupProbe: { httpGet: { path: '/health/live', port: 'http' }, periodSeconds: 2, failureThreshold: 30 },
                resources: httpResources,
                securityContext: containerSecurity,
                volumeMounts: [{ name: 'tmp', mountPath: '/tmp' }],
              },
            ],
            volumes: [{ name: 'tmp', emptyDir: {} }],
          },
        },
      },
    },
    {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name, labels: partOf },
      spec: { selector: { 'app.kubernetes.io/name': name }, ports: [{ name: 'http', port: socket.port, targetPort: 'http' }] },
    },
    {
      apiVersion: 'autoscaling/v2',
      kind: 'HorizontalPodAutoscaler',
      metadata: { name, labels: partOf },
      spec: {
        scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name },
        minReplicas: 2,
        // 1,000 classes of 150 learners are 150,000 connections: 30 pods (docs/live-capacity.md).
        maxReplicas: 40,
        metrics: [
          { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: httpCpuTargetPercent } } },
          { type: 'Pods', pods: { metric: { name: 'academy_live_gateway_connections' }, target: { type: 'AverageValue', averageValue: String(GATEWAY_CONNECTIONS_PER_POD) } } },
        ],
        // A class starting brings thousands of connections in a minute: scale up at once, down slowly.
        behavior: { scaleDown: { stabilizationWindowSeconds: 600 } },
      },
    },
    {
      apiVersion: 'policy/v1',
      kind: 'PodDisruptionBudget',
      metadata: { name, labels: partOf },
      spec: { minAvailable: 1, selector: { matchLabels: { 'app.kubernetes.io/name': name } } },
    },
  ];
}

/** The live-class gateway's WebSocket path in an Ingress of its own: ingress-nginx sets timeouts per Ingress. */
export function gatewayIngressManifest(table: RouteTable = loadRouteTable()): Manifest {
  return {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'Ingress',
    metadata: {
      name: 'academy-live-gateway',
      labels: partOf,
      annotations: {
        // A class lasts up to four hours; socket.io's pings keep the connection busy, the timeout only ends dead ones.
        'nginx.ingress.kubernetes.io/proxy-read-timeout': '3600',
        'nginx.ingress.kubernetes.io/proxy-send-timeout': '3600',
        'nginx.ingress.kubernetes.io/proxy-http-version': '1.1',
        'nginx.ingress.kubernetes.io/proxy-buffering': 'off',
      },
    },
    spec: {
      ingressClassName: 'nginx',
      tls: [{ hosts: ['academy.example'], secretName: 'academy-tls' }],
      rules: [
        {
          host: 'academy.example',
          http: {
            paths: (table.websockets ?? []).map((entry) => ({ path: entry.prefix.replace(/\/$/, ''), pathType: 'Prefix', backend: ingressBackend(entry.entryPoint, entry.port) })),
          },
        },
      ],
    },
  };
}

function edgeManifests(): Manifest[] {
  return [
    {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'edge', labels: { ...labels('edge'), 'academy/role': 'edge' } },
      spec: {
        replicas: 2,
        selector: { matchLabels: { 'app.kubernetes.io/name': 'edge' } },
        template: {
          metadata: { labels: { ...labels('edge'), 'academy/role': 'edge' } },
          spec: {
            securityContext: { runAsNonRoot: true, runAsUser: 101, runAsGroup: 101 },
            containers: [
              {
                name: 'nginx',
                image: 'academy/edge:latest',
                ports: [{ name: 'http', containerPort: 8080 }],
                volumeMounts: [{ name: 'runtime-config', mountPath: '/etc/academy', readOnly: true }],
                livenessProbe: { tcpSocket: { port: 'http' }, periodSeconds: 20 },
                readinessProbe: { httpGet: { path: '/runtime-config.json', port: 'http' }, periodSeconds: 10 },
                resources: { requests: { cpu: '50m', memory: '64Mi' }, limits: { memory: '256Mi' } },
              },
            ],
            volumes: [{ name: 'runtime-config', configMap: { name: 'academy-runtime-config' } }],
          },
        },
      },
    },
    {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'edge', labels: partOf },
      spec: { selector: { 'app.kubernetes.io/name': 'edge' }, ports: [{ name: 'http', port: 8080, targetPort: 'http' }] },
    },
    {
      apiVersion: 'autoscaling/v2',
      kind: 'HorizontalPodAutoscaler',
      metadata: { name: 'edge', labels: partOf },
      spec: {
        scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'edge' },
        minReplicas: 2,
        maxReplicas: 6,
        metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } } }],
      },
    },
    {
      apiVersion: 'policy/v1',
      kind: 'PodDisruptionBudget',
      metadata: { name: 'edge', labels: partOf },
      spec: { minAvailable: 1, selector: { matchLabels: { 'app.kubernetes.io/name': 'edge' } } },
    },
  ];
}

/**
 * The Ingress: each API prefix of the route table straight to its service (a prefix without a trailing slash
 * matches itself and its sub-paths, as Kubernetes' `Prefix` does), everything else to the edge (apps, runtime
 * config, and the JSON 404 for /internal/ and unknown /api/ paths). /internal/ is never routed to a service.
 */
export function ingressManifest(table: RouteTable = loadRouteTable()): Manifest {
  const paths = ingressPaths(table, (route) => !route.streaming);
  paths.push({ path: '/', pathType: 'Prefix', backend: ingressBackend('edge', 8080) });
  return {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'Ingress',
    metadata: { name: 'academy', labels: partOf, annotations: { 'nginx.ingress.kubernetes.io/proxy-body-size': '20m' } },
    spec: {
      ingressClassName: 'nginx',
      tls: [{ hosts: ['academy.example'], secretName: 'academy-tls' }],
      rules: [{ host: 'academy.example', http: { paths } }],
    },
  };
}

/**
 * The streaming routes (server-sent events) in an Ingress of their own, because ingress-nginx sets buffering and
 * timeouts per Ingress: never buffered, an hour of quiet before it closes (the service sends a heartbeat).
 */
export function streamingIngressManifest(table: RouteTable = loadRouteTable()): Manifest {
  return {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'Ingress',
    metadata: {
      name: 'academy-streams',
      labels: partOf,
      annotations: {
        'nginx.ingress.kubernetes.io/proxy-buffering': 'off',
        'nginx.ingress.kubernetes.io/proxy-read-timeout': String(STREAM_READ_TIMEOUT_SECONDS),
        'nginx.ingress.kubernetes.io/proxy-send-timeout': String(STREAM_READ_TIMEOUT_SECONDS),
      },
    },
    spec: {
      ingressClassName: 'nginx',
      tls: [{ hosts: ['academy.example'], secretName: 'academy-tls' }],
      rules: [{ host: 'academy.example', http: { paths: ingressPaths(table, (route) => route.streaming === true) } }],
    },
  };
}

const ingressBackend = (name: string, port: number) => ({ service: { name, port: { number: port } } });

function ingressPaths(table: RouteTable, include: (route: RouteTable['api'][number]) => boolean) {
  return table.api
    .filter((route) => include(route) && !table.denied.some((denied) => route.prefix.startsWith(denied)))
    .map((route) => ({
      path: route.prefix.endsWith('/') ? route.prefix.slice(0, -1) : route.prefix,
      pathType: 'Prefix',
      backend: ingressBackend(route.service, table.services[route.service].port),
    }));
}

function sharedManifests(services: ServiceDeployment[]): Manifest[] {
  const secretKeys = [...new Set(services.flatMap((s) => Object.values(s.env).flatMap((v) => ('secret' in v ? [v.secret] : []))))].sort();
  return [
    {
      // Placeholders only: create the real Secret with `kubectl create secret generic academy-secrets ...`
      // (docs/operations.md) or an external secrets operator; never commit real values.
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 'academy-secrets', labels: partOf },
      type: 'Opaque',
      stringData: Object.fromEntries(secretKeys.map((key) => [key, 'REPLACE_ME'])),
    },
    {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 'academy-redis-address', labels: partOf },
      type: 'Opaque',
      stringData: { REDIS_ADDRESS: 'REPLACE_ME:6379' },
    },
    {
      apiVersion: 'keda.sh/v1alpha1',
      kind: 'TriggerAuthentication',
      metadata: { name: 'academy-redis', labels: partOf },
      spec: { secretTargetRef: [{ parameter: 'address', name: 'academy-redis-address', key: 'REDIS_ADDRESS' }] },
    },
    {
      // Services accept traffic only from the edge, the ingress controller and each other, so /internal/ (which
      // the edge refuses) is reachable from the services alone; and only on their HTTP port, never the operator one.
      apiVersion: 'networking.k8s.io/v1',
      kind: 'NetworkPolicy',
      metadata: { name: 'academy-services-ingress', labels: partOf },
      spec: {
        podSelector: { matchLabels: { 'academy/role': 'service' } },
        policyTypes: ['Ingress'],
        // The HTTP port only: the operator port is reached through `kubectl port-forward`, from nothing in the cluster.
        ingress: [
          {
            from: [{ podSelector: { matchLabels: { 'academy/role': 'service' } } }, { podSelector: { matchLabels: { 'academy/role': 'worker' } } }],
            ports: [{ protocol: 'TCP', port: 'http' }],
          },
          {
            from: [{ podSelector: { matchLabels: { 'academy/role': 'edge' } } }, { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'ingress-nginx' } } }],
            ports: [{ protocol: 'TCP', port: 'http' }],
          },
          // Prometheus scrapes /metrics.
          { from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } }], ports: [{ protocol: 'TCP', port: 'http' }] },
        ],
      },
    },
    {
      apiVersion: 'networking.k8s.io/v1',
      kind: 'NetworkPolicy',
      metadata: { name: 'academy-workers-ingress', labels: partOf },
      // Workers take no traffic but Prometheus's scrapes of their metrics port.
      spec: {
        podSelector: { matchLabels: { 'academy/role': 'worker' } },
        policyTypes: ['Ingress'],
        ingress: [{ from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } }], ports: [{ protocol: 'TCP', port: workerMetricsPort }] }],
      },
    },
  ];
}

/** Every manifest file, by name. */
export function generateK8sManifests(table: RouteTable = loadRouteTable()): Record<string, Manifest[]> {
  const services = serviceDeployments(table);
  return {
    '00-shared.yaml': sharedManifests(services),
    ...Object.fromEntries(services.map((s) => [`${s.name}.yaml`, serviceManifests(s, table)])),
    'edge.yaml': edgeManifests(),
    'live.yaml': [...janusManifests(services.find((s) => s.name === 'catalogue')!), ...coturnManifests(), ...gatewayManifests(services.find((s) => s.name === 'progress')!, table)],
    'ingress.yaml': [ingressManifest(table), streamingIngressManifest(table), gatewayIngressManifest(table)],
  };
}

export function renderManifests(manifests: Manifest[]): string {
  const header = '# GENERATED by `npm run generate:k8s -w @academy/infra` from infra/src/deploy/k8s-manifests.ts and infra/routes.json: do not edit by hand.\n';
  return header + manifests.map((m) => stringify(m, { lineWidth: 0 })).join('---\n');
}

export function writeK8sManifests(): void {
  mkdirSync(k8sDir, { recursive: true });
  for (const file of readdirSync(k8sDir)) if (file.endsWith('.yaml')) rmSync(path.join(k8sDir, file));
  for (const [file, manifests] of Object.entries(generateK8sManifests())) writeFileSync(path.join(k8sDir, file), renderManifests(manifests));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  writeK8sManifests();
  console.log(`Wrote ${k8sDir}`);
}
