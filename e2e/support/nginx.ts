import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './server.ts';

export const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';

export interface RunningNginx {
  baseUrl: string;
  port: number;
  /** the access log so far: one line per request, `<client> "<request>" <status> <upstreams tried> <their statuses>` */
  accessLog: () => string;
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * The load-balancing part of docs/DEPLOY.md's nginx configuration, on loopback: one upstream of the
 * given ports, X-Forwarded-For overwritten with the connecting address (a forged header is dropped),
 * idempotent requests passed to the next process on a connection error, a timeout, 502 or 503
 * (`non_idempotent` deliberately absent: a POST that reached a process is never sent twice).
 * Added for the tests only: the response header X-Upstream ($upstream_addr, every process tried,
 * in order) and an access log with the same, so a test can see where each request went.
 */
export function nginxConf(prefix: string, listenPort: number, upstreamPorts: number[]): string {
  const p = (name: string) => path.join(prefix, name);
  // the master runs as root in CI containers; its workers would drop to `nobody`, who cannot use the prefix's temp paths
  const user = process.getuid?.() === 0 ? 'user root root;' : '';
  return `${user}
worker_processes 1;
pid ${p('nginx.pid')};
error_log ${p('error.log')} warn;
events { worker_connections 1024; }
http {
  log_format upstreams '$remote_addr "$request" $status $upstream_addr $upstream_status';
  access_log ${p('access.log')} upstreams;
  client_body_temp_path ${p('tmp/body')};
  proxy_temp_path ${p('tmp/proxy')};
  fastcgi_temp_path ${p('tmp/fastcgi')};
  uwsgi_temp_path ${p('tmp/uwsgi')};
  scgi_temp_path ${p('tmp/scgi')};
  upstream keyan {
${upstreamPorts.map((port) => `    server 127.0.0.1:${port};`).join('\n')}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${listenPort};
    client_max_body_size 20m;
    location / {
      proxy_pass http://keyan;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_next_upstream error timeout http_502 http_503;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Starts nginx in the foreground (`nginx -p <prefix> -c <conf> -g 'daemon off;'`) with everything it
 * writes (pid, logs, temp files) in a fresh prefix, and waits until GET /readyz through it answers 200.
 */
export async function startNginx(upstreamPorts: number[], timeoutMs = 30_000): Promise<RunningNginx> {
  if (!existsSync(NGINX)) throw new Error(`${NGINX} is missing: apt-get install -y nginx-light (or set NGINX_BIN)`);
  const prefix = await mkdtemp(path.join(tmpdir(), 'kc-nginx-'));
  mkdirSync(path.join(prefix, 'tmp'));
  const port = await freePort();
  const conf = path.join(prefix, 'nginx.conf');
  writeFileSync(conf, nginxConf(prefix, port, upstreamPorts));
  const child = spawn(NGINX, ['-p', prefix, '-c', conf, '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  child.once('error', (e) => {
    output += `\n[nginx failed to start: ${e.message}]\n`;
  });
  const readLog = (name: string) => {
    try {
      return readFileSync(path.join(prefix, name), 'utf8');
    } catch {
      return '';
    }
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited(child);
      clearTimeout(timer);
    }
    await rm(prefix, { recursive: true, force: true });
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) break;
    try {
      if ((await fetch(`${baseUrl}/readyz`)).status === 200) {
        return { baseUrl, port, accessLog: () => readLog('access.log'), output: () => `${output}${readLog('error.log')}`, stop };
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const why = `${output}${readLog('error.log')}`;
  await stop();
  throw new Error(`nginx did not answer /readyz through ${baseUrl}:\n${why}`);
}
