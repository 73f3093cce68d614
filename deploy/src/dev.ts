import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { repoRoot } from './paths';
import { REMOTES } from './remotes';

/**
 * `npm run dev`: the API with reload on 8070, the shell dev server on 8080 (it proxies /v1
 * and /media to the API and answers /remotes.json with the remote dev servers) and one dev
 * server per remote on 8081–8084, all with hot reload. Open http://localhost:8080.
 */
const API_DEV_PORT = 8070;

const processes: { label: string; args: string[]; env?: Record<string, string> }[] = [
  { label: 'api', args: ['run', 'dev', '-w', 'api'], env: { PORT: String(API_DEV_PORT) } },
  { label: 'shell', args: ['run', 'serve', '-w', 'shell'], env: { API_DEV_URL: `http://localhost:${API_DEV_PORT}` } },
  ...REMOTES.map((remote) => ({ label: remote.name, args: ['run', 'serve', '-w', `remotes/${remote.name}`] })),
];

const children: ChildProcess[] = [];
const width = Math.max(...processes.map((p) => p.label.length));

for (const { label, args, env } of processes) {
  const child = spawn('npm', args, {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => console.log(`${label.padEnd(width)} │ ${line}`));
  }
  child.on('exit', (code) => {
    console.log(`${label.padEnd(width)} │ exited with code ${code}`);
    shutdown(code ?? 1);
  });
}

console.log('Yaoshi dev: open http://localhost:8080 once the servers report ready (Ctrl+C stops all).');

let stopping = false;
function shutdown(code: number): void {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500);
}
process.once('SIGINT', () => shutdown(0));
process.once('SIGTERM', () => shutdown(0));
