// `npm start`: builds what is missing or out of date, then runs the API, which serves the web
// app, on one port. Migrations and the first seed happen inside the server at boot.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);

function newestMtime(paths) {
  let newest = 0;
  const visit = (entry) => {
    if (!existsSync(entry)) return;
    const stat = statSync(entry);
    if (stat.isDirectory()) {
      for (const child of readdirSync(entry))
        if (child !== 'node_modules') visit(path.join(entry, child));
    } else {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  paths.forEach(visit);
  return newest;
}

function buildIfStale(name, output, sources) {
  const builtAt = existsSync(output) ? statSync(output).mtimeMs : 0;
  if (builtAt > 0 && builtAt >= newestMtime(sources)) return;
  console.log(`Building ${name}…`);
  const result = spawnSync('npm', ['run', 'build', '-w', name], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const shared = at('packages', 'shared', 'src');
buildIfStale('@hafla/web', at('apps', 'web', 'dist', 'index.html'), [
  at('apps', 'web', 'src'),
  at('apps', 'web', 'public'),
  at('apps', 'web', 'index.html'),
  at('apps', 'web', 'vite.config.ts'),
  shared,
]);
buildIfStale('@hafla/api', at('apps', 'api', 'dist', 'server.js'), [
  at('apps', 'api', 'src'),
  shared,
]);

process.env.NODE_ENV ??= 'production';
await import(at('apps', 'api', 'dist', 'server.js'));
