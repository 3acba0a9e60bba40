#!/usr/bin/env node
// Serves the built playground (apps/playground/dist) on localhost with its Content-Security-Policy, and prints the
// URL. `pnpm start` runs it; the browser tests start it on a free port (`--port 0`) and read the URL it prints.
// Only files inside dist/ are served, only GET and HEAD, only on the loopback address.
import { createReadStream, existsSync, realpathSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, extname, join, sep } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "worker-src 'self'",
  "connect-src 'self'",
  // Monaco sets styles on its elements.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "object-src 'none'",
  "frame-ancestors 'none'",
].join('; ');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.ttf': 'font/ttf',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.map': 'application/json',
};

/** The longest request path the server looks at. */
const MAX_PATH = 512;

export function startServer({ root, port = 5178, host = '127.0.0.1' } = {}) {
  const base = realpathSync(root);
  const server = createServer((req, res) => {
    const headers = {
      'Content-Security-Policy': CONTENT_SECURITY_POLICY,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'Cross-Origin-Opener-Policy': 'same-origin',
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { ...headers, Allow: 'GET, HEAD' }).end();
      return;
    }
    const url = (req.url ?? '/').split('?')[0].split('#')[0];
    let path;
    try {
      path = decodeURIComponent(url);
    } catch {
      path = '';
    }
    if (path === '' || path.length > MAX_PATH || path.includes('\0') || path.split('/').includes('..')) {
      res.writeHead(400, headers).end();
      return;
    }
    let file = join(base, path === '/' ? 'index.html' : path);
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    const real = realpathSync(file);
    if (real !== base && !real.startsWith(base + sep)) {
      res.writeHead(404, headers).end();
      return;
    }
    res.writeHead(200, {
      ...headers,
      'Content-Type': TYPES[extname(real)] ?? 'application/octet-stream',
      'Content-Length': statSync(real).size,
      // Hashed assets never change; the page itself is always asked for again.
      'Cache-Control': real.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    if (req.method === 'HEAD') res.end();
    else createReadStream(real).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      resolve({ server, url: `http://${host === '127.0.0.1' ? 'localhost' : host}:${address.port}/` });
    });
  });
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === realpathSync(process.argv[1]);
if (isMain) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--port');
  const wanted = at >= 0 ? Number(args[at + 1]) : Number(process.env.PORT ?? 5178);
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
  if (!existsSync(join(root, 'index.html'))) {
    process.stderr.write('The playground is not built: run `pnpm --filter @houserules/playground build` (pnpm start does).\n');
    process.exit(1);
  }
  const listen = (port) =>
    startServer({ root, port }).then(
      ({ url }) => process.stdout.write(`\nHouserules playground: ${url}\n(Ctrl-C stops it)\n`),
      (error) => {
        // The usual port is taken: take any free one rather than fail.
        if (error.code === 'EADDRINUSE' && port !== 0) return listen(0);
        process.stderr.write(`cannot serve the playground: ${error.message}\n`);
        process.exit(1);
      },
    );
  void listen(Number.isInteger(wanted) && wanted >= 0 ? wanted : 5178);
}
