import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ScaledObject, TriggerAuthentication } from '@kubernetes-models/keda/keda.sh/v1alpha1';
import { Deployment, StatefulSet } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Job } from 'kubernetes-models/batch/v1';
import { Ingress, NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Secret, Service } from 'kubernetes-models/v1';
import { parseAllDocuments, parse as parseYaml } from 'yaml';
import { repoRoot } from '../paths.js';
import { loadRouteTable, type ServiceName } from '../routes/route-table.js';
import { GATEWAY_CONNECTIONS_PER_POD, generateK8sManifests, JANUS_REPLICAS, k8sDir, renderManifests, type Manifest } from './k8s-manifests.js';

// Validated against the Kubernetes API schemas (kubernetes-models, KEDA's models for its resources), the route table
// and each service's own configuration schema, so manifests and code cannot drift apart.

type Model = { validate(): void };
const models: Record<string, new (data: never) => Model> = {
  'apps/v1/Deployment': Deployment,
  'apps/v1/StatefulSet': StatefulSet,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'batch/v1/Job': Job,
  'networking.k8s.io/v1/Ingress': Ingress,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'keda.sh/v1alpha1/ScaledObject': ScaledObject,
  'keda.sh/v1alpha1/TriggerAuthentication': TriggerAuthentication,
};

const generated = generateK8sManifests();
const committed: Manifest[] = Object.keys(generated).flatMap((file) =>
  parseAllDocuments(readFileSync(path.join(k8sDir, file), 'utf8')).map((doc) => doc.toJS() as Manifest),
);
const ofKind = (kind: string) => committed.filter((m) => m.kind === kind);

/** The variables a service reads: its zod shape (core + own, the media bucket's S3_* included for catalogue). */
// The services' own modules, loaded at run time (infra does not depend on the services at build time).
type ZodShape = Record<string, unknown>;
const importModule = (specifier: string) => import(specifier) as Promise<Record<string, unknown>>;
const core = await importModule('@academy/service-core');
const coreConfigShape = core.coreConfigShape as ZodShape;
const loadConfig = core.loadConfig as (shape: ZodShape, env: Record<string, string>) => unknown;
const { commerceConfigShape } = await importModule('../../../services/commerce/src/config/commerce-config.js');
const { learningConfigShape } = await importModule('../../../services/progress/src/learning/learning-settings.js');
const { catalogueConfigShape } = await importModule('../../../services/catalogue/src/catalogue-config.js');
const mediaLinkConfigShape = core.mediaLinkConfigShape as ZodShape;
const serviceShapes: Record<ServiceName, ZodShape> = {
  catalogue: { ...coreConfigShape, ...(catalogueConfigShape as ZodShape), ...mediaLinkConfigShape },
  commerce: { ...coreConfigShape, ...(commerceConfigShape as ZodShape) },
  progress: { ...coreConfigShape, ...(learningConfigShape as ZodShape), ...mediaLinkConfigShape },
};
const runtimeVariables = ['NODE_ENV'];

function checkServiceEnvironment(service: ServiceName, env: Record<string, string>, where: string): void {
  const known = new Set([...Object.keys(serviceShapes[service]), ...runtimeVariables]);
  expect([where, Object.keys(env).filter((name) => !known.has(name))]).toEqual([where, []]);
  // Throws, naming every missing variable, exactly as the service does at start-up.
  expect(() => loadConfig(serviceShapes[service], env)).not.toThrow();
  if (service === 'catalogue') expect(env.S3_BUCKET).toBeTruthy();
}

/**
 * What an operator would put in a Secret: a live Razorpay key id, random secrets (production refuses a placeholder
 * or a value written in this repository, so the stand-ins are generated per run).
 */
function generatedSecret(name: string): string {
  return name === 'RAZORPAY_KEY_ID' ? `rzp_live_${randomBytes(8).toString('hex')}` : randomBytes(24).toString('hex');
}

/** A container's environment with every Secret reference replaced by a well-formed stand-in. */
function containerEnv(container: { env?: { name: string; value?: string; valueFrom?: unknown }[] }): Record<string, string> {
  const placeholder = (name: string) => (name.endsWith('_URL') ? `${name.startsWith('REDIS') ? 'redis' : 'postgres'}://secret.example/x` : generatedSecret(name));
  return Object.fromEntries((container.env ?? []).map((e) => [e.name, e.value ?? placeholder(e.name)]));
}

describe('Kubernetes manifests', () => {
  it.each(Object.keys(generated))('%s is in sync with its generator (npm run build -w @academy/infra && npm run generate:k8s -w @academy/infra)', (file) => {
    expect(readFileSync(path.join(k8sDir, file), 'utf8')).toBe(renderManifests(generated[file]!));
  });

  it('every manifest validates against its API schema', () => {
    expect(committed.length).toBeGreaterThan(20);
    for (const manifest of committed) {
      const Model = models[`${manifest.apiVersion}/${manifest.kind}`];
      expect([manifest.kind, manifest.metadata.name, Boolean(Model)]).toEqual([manifest.kind, manifest.metadata.name, true]);
      expect(() => new Model!(manifest as never).validate()).not.toThrow();
    }
  });

  it('rejects a manifest the schema does not allow (the validation is real)', () => {
    const deployment = structuredClone(ofKind('Deployment')[0]!) as Manifest & { spec: { replicas: unknown } };
    deployment.spec.replicas = 'two';
    expect(() => new Deployment(deployment as never).validate()).toThrow();
  });

  it.each(['catalogue', 'commerce', 'progress'] as const)('%s: HTTP, worker and migration set every variable the service requires and none it does not know', (service) => {
    const pods = [
      ...ofKind('Deployment').filter((d) => d.metadata.name === service || d.metadata.name === `${service}-worker`),
      ...ofKind('Job').filter((j) => j.metadata.name === `${service}-migrate`),
    ] as unknown as { metadata: { name: string }; spec: { template: { spec: { containers: { env?: { name: string; value?: string }[] }[] } } } }[];
    expect(pods).toHaveLength(3);
    for (const pod of pods) checkServiceEnvironment(service, containerEnv(pod.spec.template.spec.containers[0]!), pod.metadata.name);
    const secretKeys = Object.keys((ofKind('Secret').find((s) => s.metadata.name === 'academy-secrets') as unknown as { stringData: Record<string, string> }).stringData);
    const refs = pods.flatMap((p) => p.spec.template.spec.containers[0]!.env ?? []).flatMap((e) => {
      const ref = (e as { valueFrom?: { secretKeyRef?: { key: string } } }).valueFrom?.secretKeyRef;
      return ref ? [ref.key] : [];
    });
    for (const key of refs) expect(secretKeys).toContain(key);
    // Secrets never appear as plain values.
    for (const e of pods.flatMap((p) => p.spec.template.spec.containers[0]!.env ?? [])) {
      if (/SECRET|TOKEN|PASSWORD|DATABASE_URL/.test(e.name)) expect([e.name, e.value]).toEqual([e.name, undefined]);
    }
  });

  it.each(['catalogue', 'commerce', 'progress'] as const)('%s: the operator credential (dead letters, queue dashboard) comes from academy-secrets', (service) => {
    const deployment = ofKind('Deployment').find((d) => d.metadata.name === service) as unknown as {
      spec: { template: { spec: { containers: { env?: { name: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }[] }[] } } };
    };
    const operatorToken = deployment.spec.template.spec.containers[0]!.env?.find((e) => e.name === 'OPERATOR_TOKEN');
    expect(operatorToken?.valueFrom?.secretKeyRef).toEqual({ name: 'academy-secrets', key: 'OPERATOR_TOKEN' });
  });

  it('probes every service and worker: shallow liveness, deep readiness', () => {
    for (const deployment of ofKind('Deployment') as unknown as { metadata: { name: string }; spec: { template: { spec: { containers: { livenessProbe?: { httpGet?: { path: string } }; readinessProbe?: { httpGet?: { path: string } } }[] } } } }[]) {
      const container = deployment.spec.template.spec.containers[0]!;
      expect([deployment.metadata.name, Boolean(container.livenessProbe), Boolean(container.readinessProbe)]).toEqual([deployment.metadata.name, true, true]);
      if (container.readinessProbe?.httpGet?.path === '/health') expect(container.livenessProbe?.httpGet?.path).toBe('/health/live');
    }
  });

  it('autoscales and protects every deployment', () => {
    for (const { metadata } of ofKind('Deployment')) {
      const scaled = [...ofKind('HorizontalPodAutoscaler'), ...ofKind('ScaledObject')].some(
        (m) => (m.spec as { scaleTargetRef: { name: string } }).scaleTargetRef.name === metadata.name,
      );
      const budget = ofKind('PodDisruptionBudget').some((m) => m.metadata.name === metadata.name);
      expect([metadata.name, scaled, budget]).toEqual([metadata.name, true, true]);
    }
  });

  it('the Ingresses send every API prefix of the route table to its service and never route /internal/', () => {
    const table = loadRouteTable();
    const ingresses = ofKind('Ingress') as unknown as {
      metadata: { name: string; annotations: Record<string, string> };
      spec: { rules: { http: { paths: { path: string; backend: { service: { name: string; port: { number: number } } } }[] } }[] };
    }[];
    const [ingress, streams] = ingresses;
    const paths = ingresses.flatMap((each) => each.spec.rules[0]!.http.paths);
    // Streams (server-sent events) go through the Ingress that neither buffers nor times out a quiet minute.
    expect(streams!.metadata.annotations).toMatchObject({ 'nginx.ingress.kubernetes.io/proxy-buffering': 'off', 'nginx.ingress.kubernetes.io/proxy-read-timeout': '3600' });
    expect(streams!.spec.rules[0]!.http.paths.map((p) => p.path)).toEqual(table.api.filter((route) => route.streaming).map((route) => route.prefix));
    expect(ingress!.spec.rules[0]!.http.paths.map((p) => p.path)).not.toContain('/api/notifications/stream');
    for (const route of table.api) {
      const found = paths.find((p) => p.path === route.prefix.replace(/\/$/, ''));
      expect([route.prefix, found?.backend.service.name, found?.backend.service.port.number]).toEqual([route.prefix, route.service, table.services[route.service].port]);
    }
    expect(paths.filter((p) => table.denied.some((denied) => `${p.path}/`.startsWith(denied)))).toEqual([]);
    expect(ingress!.spec.rules[0]!.http.paths.at(-1)).toMatchObject({ path: '/', backend: { service: { name: 'edge' } } });
  });
});

describe('live classes in Kubernetes', () => {
  type Container = { name: string; command?: string[]; env?: { name: string; value?: string; valueFrom?: { fieldRef?: { fieldPath: string } } }[]; volumeMounts?: { name: string; mountPath: string }[] };
  type PodSpec = { hostNetwork?: boolean; affinity?: { podAntiAffinity?: { requiredDuringSchedulingIgnoredDuringExecution?: { labelSelector: { matchLabels: Record<string, string> }; topologyKey: string }[] } }; containers: Container[] };
  const named = (kind: string, name: string) => committed.find((m) => m.kind === kind && m.metadata.name === name) as unknown as { spec: Record<string, unknown> & { template: { spec: PodSpec } } };

  it('Janus runs one pod per Kubernetes node, on the node\'s network, with the packager in the same pod taking that node\'s jobs', () => {
    const janus = named('StatefulSet', 'janus');
    expect(janus.spec.replicas).toBe(JANUS_REPLICAS);
    const pod = janus.spec.template.spec;
    expect(pod.hostNetwork).toBe(true);
    expect(pod.affinity?.podAntiAffinity?.requiredDuringSchedulingIgnoredDuringExecution).toEqual([
      { labelSelector: { matchLabels: { 'app.kubernetes.io/name': 'janus' } }, topologyKey: 'kubernetes.io/hostname' },
    ]);
    const packager = pod.containers.find((container) => container.name === 'packager')!;
    expect(packager.command).toEqual(['node', 'dist/video-worker.js']);
    expect(packager.env?.find((e) => e.name === 'LIVE_NODE')?.valueFrom?.fieldRef?.fieldPath).toBe('metadata.name');
    // The packager's variables are the catalogue's (its config validates them), its node name beside them.
    checkServiceEnvironment('catalogue', { ...containerEnv(packager), LIVE_NODE: 'janus-0' }, 'janus/packager');
    // Janus writes recordings where the packager's recording job reads them.
    const recordings = (container: Container) => container.volumeMounts?.find((mount) => mount.name === 'recordings')?.mountPath;
    expect(recordings(packager)).toBe(recordings(pod.containers.find((container) => container.name === 'janus')!));
    expect(containerEnv(packager).JANUS_RECORDINGS_DIR).toBe(recordings(packager));
  });

  it('catalogue places classes on every Janus pod through the headless Service\'s names', () => {
    const catalogue = named('Deployment', 'catalogue');
    const nodes = containerEnv(catalogue.spec.template.spec.containers[0]!).JANUS_NODES!.split(',');
    expect(nodes).toHaveLength(JANUS_REPLICAS);
    expect(nodes[1]).toBe('janus-1=http://janus-1.janus:8088/janus');
    expect((named('Service', 'janus').spec as { clusterIP?: string }).clusterIP).toBe('None');
  });

  it('coturn takes its credentials from a Secret', () => {
    const coturn = named('Deployment', 'coturn').spec.template.spec.containers[0]!;
    for (const name of ['TURN_USERNAME', 'TURN_PASSWORD']) {
      expect((coturn.env?.find((e) => e.name === name)?.valueFrom as { secretKeyRef?: { name: string } } | undefined)?.secretKeyRef?.name).toBe('academy-turn');
    }
  });

  it('the gateway is its own Deployment on the WebSocket port, scaled on CPU and connections, and the Ingress routes its path', () => {
    const table = loadRouteTable();
    const socket = table.websockets![0]!;
    const gateway = named('Deployment', 'progress-gateway').spec.template.spec.containers[0]!;
    expect(gateway.command).toEqual(['node', 'dist/gateway.js']);
    const env = containerEnv(gateway);
    expect(env.PORT).toBe(String(socket.port));
    // What the gateway entry point validates: the core settings and catalogue's address.
    expect(() => loadConfig({ ...coreConfigShape, CATALOGUE_URL: (serviceShapes.progress as Record<string, unknown>).CATALOGUE_URL }, env)).not.toThrow();
    const hpa = named('HorizontalPodAutoscaler', 'progress-gateway').spec as unknown as { metrics: { type: string; pods?: { target: { averageValue: string } } }[] };
    expect(hpa.metrics.map((metric) => metric.type)).toEqual(['Resource', 'Pods']);
    expect(hpa.metrics[1]!.pods!.target.averageValue).toBe(String(GATEWAY_CONNECTIONS_PER_POD));
    const ingress = committed.find((m) => m.kind === 'Ingress' && m.metadata.name === 'academy-live-gateway') as unknown as {
      metadata: { annotations: Record<string, string> };
      spec: { rules: { http: { paths: { path: string; backend: { service: { name: string; port: { number: number } } } }[] } }[] };
    };
    expect(ingress.metadata.annotations['nginx.ingress.kubernetes.io/proxy-read-timeout']).toBe('3600');
    expect(ingress.spec.rules[0]!.http.paths).toEqual([{ path: '/api/live-gateway', pathType: 'Prefix', backend: { service: { name: 'progress-gateway', port: { number: socket.port } } } }]);
  });
});

describe('docker-compose.yml', () => {
  const compose = parseYaml(readFileSync(path.join(repoRoot, 'infra', 'deploy', 'docker-compose.yml'), 'utf8'), { merge: true }) as {
    services: Record<string, { image?: string; environment?: Record<string, string> }>;
  };
  it.each(Object.entries(compose.services).filter(([, s]) => /^academy\/(catalogue|commerce|progress):/.test(s.image ?? '')))(
    '%s sets every variable its service requires and none it does not know',
    (name, service) => {
      const serviceName = service.image!.replace(/^academy\/|:.*$/g, '') as ServiceName;
      // ${VAR:?message} and ${VAR:-default} stand for values given at `docker compose up`.
      const env = Object.fromEntries(
        Object.entries(service.environment ?? {}).map(([key, value]) => [key, String(value).replace(/\$\{(\w+)(:[?-]([^}]*))?\}/g, (_, v: string, __, rest?: string) => (/^https?:/.test(rest ?? '') ? rest! : v.endsWith('URL') || v === 'AUTH_ISSUER' ? 'https://example.com/' : generatedSecret(v)))]),
      );
      checkServiceEnvironment(serviceName, env, name);
    },
  );
});
