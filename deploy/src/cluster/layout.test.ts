import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';
import { HEALTHZ_PATH, READYZ_PATH } from '@yaoshi/api-server/health/health-routes';

/**
 * The production layout of deploy/ (issue 21), checked as far as this machine allows, offline:
 * every Kubernetes manifest against the Kubernetes OpenAPI schema (the validators bundled in
 * the `kubernetes-models` package), the references between the manifests, and the systemd
 * units with `systemd-analyze verify`.
 */

const DEPLOY = fileURLToPath(new URL('../../', import.meta.url));
const REPO = path.resolve(DEPLOY, '..');
const KUBERNETES = path.join(DEPLOY, 'kubernetes');
const SYSTEMD = path.join(DEPLOY, 'systemd');

/** Only what these checks read of a manifest. */
interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  spec?: Record<string, unknown>;
  data?: Record<string, string>;
  stringData?: Record<string, string>;
}

interface Container {
  command?: string[];
  ports?: { name?: string; containerPort: number }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  readinessProbe?: { httpGet?: { path: string; port: string | number } };
  livenessProbe?: { httpGet?: { path: string; port: string | number } };
  volumeMounts?: { name: string; mountPath: string; readOnly?: boolean }[];
}

interface PodTemplate {
  metadata?: { labels?: Record<string, string> };
  spec: {
    containers: Container[];
    volumes?: { name: string; persistentVolumeClaim?: { claimName: string }; secret?: { secretName: string } }[];
  };
}

function manifests(): { file: string; manifest: Manifest }[] {
  return fs
    .readdirSync(KUBERNETES)
    .filter((file) => file.endsWith('.yaml'))
    .sort()
    .flatMap((file) =>
      parseAllDocuments(fs.readFileSync(path.join(KUBERNETES, file), 'utf8')).map((document) => {
        assert.deepEqual(document.errors, [], `${file} is valid YAML`);
        return { file, manifest: document.toJS() as Manifest };
      }),
    );
}

interface Validatable {
  validate(): void;
}

/** The kind's model from kubernetes-models (`kubernetes-models/<apiVersion>/<Kind>`), which validates against the schema. */
async function model(manifest: Manifest): Promise<Validatable> {
  const module = (await import(`kubernetes-models/${manifest.apiVersion}/${manifest.kind}`)) as Record<
    string,
    new (data: unknown) => Validatable
  >;
  const Model = module[manifest.kind];
  assert.ok(Model, `no schema for ${manifest.apiVersion} ${manifest.kind}`);
  return new Model(manifest);
}

function byKind(all: { manifest: Manifest }[], kind: string): Manifest[] {
  return all.map(({ manifest }) => manifest).filter((manifest) => manifest.kind === kind);
}

function podTemplate(manifest: Manifest): PodTemplate {
  return manifest.spec?.template as PodTemplate;
}

test('every Kubernetes manifest is valid against the Kubernetes schema of its kind', async () => {
  const all = manifests();
  const kinds = new Set(all.map(({ manifest }) => manifest.kind));
  for (const kind of ['Deployment', 'Service', 'Ingress', 'HorizontalPodAutoscaler', 'Job', 'ConfigMap', 'Secret']) {
    assert.ok(kinds.has(kind), `a ${kind} is part of the layout`);
  }
  for (const { file, manifest } of all) {
    const instance = await model(manifest);
    assert.doesNotThrow(() => instance.validate(), `${file}: ${manifest.kind} ${manifest.metadata.name}`);
  }
});

test('the schema check can fail: a port written as text, or a Deployment without a selector, is refused', async () => {
  const [deployment] = byKind(manifests(), 'Deployment');
  assert.ok(deployment);
  const textPort = structuredClone(deployment);
  const container = podTemplate(textPort).spec.containers[0] as { ports: { containerPort: unknown }[] };
  container.ports[0]!.containerPort = 'eighty';
  await assert.rejects(async () => (await model(textPort)).validate(), /containerPort must be integer/);
  const noSelector = structuredClone(deployment);
  delete noSelector.spec?.selector;
  await assert.rejects(async () => (await model(noSelector)).validate(), /must have required property selector/);
});

test('the manifests fit together and fit the API: probes, labels, references, commands, documented variables', () => {
  const all = manifests();
  const [deployment] = byKind(all, 'Deployment');
  const [service] = byKind(all, 'Service');
  const [autoscaler] = byKind(all, 'HorizontalPodAutoscaler');
  const [job] = byKind(all, 'Job');
  assert.ok(deployment && service && autoscaler && job);
  const pod = podTemplate(deployment);
  const [api] = pod.spec.containers;
  assert.ok(api);
  assert.equal(api.readinessProbe?.httpGet?.path, READYZ_PATH);
  assert.equal(api.livenessProbe?.httpGet?.path, HEALTHZ_PATH);
  assert.deepEqual(
    (deployment.spec?.selector as { matchLabels: Record<string, string> }).matchLabels,
    service.spec?.selector,
    'the Service selects the pods',
  );
  for (const [label, value] of Object.entries(service.spec?.selector as Record<string, string>)) {
    assert.equal(pod.metadata?.labels?.[label], value);
  }
  const portNames = new Set(api.ports?.map((port) => port.name));
  for (const port of service.spec?.ports as { targetPort: string }[]) assert.ok(portNames.has(port.targetPort));
  assert.equal((autoscaler.spec?.scaleTargetRef as { name: string }).name, deployment.metadata.name);

  const names = new Set(all.map(({ manifest }) => `${manifest.kind}/${manifest.metadata.name}`));
  for (const container of [...pod.spec.containers, ...podTemplate(job).spec.containers]) {
    for (const source of container.envFrom ?? []) {
      if (source.configMapRef) assert.ok(names.has(`ConfigMap/${source.configMapRef.name}`), source.configMapRef.name);
      if (source.secretRef) assert.ok(names.has(`Secret/${source.secretRef.name}`), source.secretRef.name);
    }
    const script = container.command?.at(-1) ?? '';
    assert.ok(fs.existsSync(path.join(REPO, script)), `${script} exists in the repository`);
  }
  assert.equal(podTemplate(job).spec.containers[0]?.command?.at(-1), 'api/src/db/migrate-main.ts');
  for (const volume of pod.spec.volumes ?? []) {
    if (volume.persistentVolumeClaim) {
      assert.ok(names.has(`PersistentVolumeClaim/${volume.persistentVolumeClaim.claimName}`));
    }
  }

  const readme = fs.readFileSync(path.join(REPO, 'docs', 'configuration.md'), 'utf8');
  // A Secret mounted as a volume holds files (the gateways' keys), not variables.
  const mounted = (pod.spec.volumes ?? []).flatMap((volume) => (volume.secret ? [volume.secret.secretName] : []));
  const fileSecrets = byKind(all, 'Secret').filter((secret) => mounted.includes(secret.metadata?.name));
  const variables = [
    ...byKind(all, 'ConfigMap'),
    ...byKind(all, 'Secret').filter((secret) => !fileSecrets.includes(secret)),
  ].flatMap((manifest) => Object.keys({ ...manifest.data, ...manifest.stringData }));
  for (const variable of variables) {
    assert.ok(readme.includes(`\`${variable}\``), `${variable} is a documented variable (docs/configuration.md)`);
  }
  const [config] = byKind(all, 'ConfigMap');
  // Every mounted key file is named by a *_FILE variable, and every *_FILE variable names one.
  const container = pod.spec.containers[0];
  const mountOf = (secret: string) =>
    container?.volumeMounts?.find(
      (mount) => pod.spec.volumes?.find((volume) => volume.name === mount.name)?.secret?.secretName === secret,
    )?.mountPath;
  const keyFiles = fileSecrets.flatMap((secret) =>
    Object.keys({ ...secret.data, ...secret.stringData }).map(
      (key) => `${mountOf(secret.metadata?.name ?? '')}/${key}`,
    ),
  );
  const fileVariables = Object.entries(config?.data ?? {}).filter(([name]) => name.endsWith('_FILE'));
  for (const [name, file] of fileVariables) assert.ok(keyFiles.includes(file), `${name} names a mounted key file`);
  for (const file of keyFiles)
    assert.ok(
      fileVariables.some(([, named]) => named === file),
      `${file} is named by a *_FILE variable`,
    );
  assert.equal(config?.data?.MIGRATE_ON_START, 'false', 'servers never migrate: the Job does');
});

test(
  'the systemd units pass systemd-analyze verify and start the scripts this repository has',
  { skip: !fs.existsSync('/usr/bin/systemd-analyze') && 'no systemd-analyze' },
  () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yaoshi-units-'));
    try {
      const units: string[] = [];
      for (const file of fs.readdirSync(SYSTEMD)) {
        const text = fs.readFileSync(path.join(SYSTEMD, file), 'utf8');
        if (file.endsWith('.timer')) {
          // A timer starts the service of its own name.
          assert.ok(fs.existsSync(path.join(SYSTEMD, file.replace(/\.timer$/, '.service'))), `${file} has its service`);
        } else {
          const script = /^ExecStart=\S+ --import tsx (\S+\.ts)( .*)?$/m.exec(text)?.[1];
          assert.ok(script && fs.existsSync(path.join(REPO, script)), `${file} starts ${script}`);
        }
        // A template is verified as an instance of itself.
        const unit = path.join(dir, file.replace('@.service', '@8081.service'));
        fs.writeFileSync(unit, text);
        units.push(unit);
      }
      const result = spawnSync('systemd-analyze', ['verify', '--man=no', ...units], { encoding: 'utf8' });
      assert.equal(result.status, 0, result.stderr);
      assert.equal(result.stderr.trim(), '', 'no warnings');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
);
