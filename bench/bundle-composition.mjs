// What the web app's initial script is made of: builds the app with source maps into a temporary
// folder, then shares each initial file's gzip size among the packages (and the app's own
// folders) its minified bytes came from, and prints them against issue 19's limit (130 KB gzip).
// Gzip shares are estimates (each file's bytes scaled by its own compression ratio); the total
// is exact and equals `npm run bench:web`'s figure.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SourceMapConsumer } from 'source-map-js';
import { gzipBytes, initialScriptFiles } from './lib/initial-script.mjs';
import { ROOT } from './lib/start-app.mjs';

const LIMIT_KB = 130;
const web = path.join(ROOT, 'apps', 'web');
const outDir = mkdtempSync(path.join(os.tmpdir(), 'hafla-bundle-'));

/** Where a source file belongs: its npm package, or the app's top folder under src/. */
function ownerOf(source) {
  const inPackage = source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (inPackage) return inPackage[1];
  const inApp = source.match(/apps\/web\/src\/([^/]+)/);
  if (inApp) return `(app) ${inApp[1].replace(/\.tsx?$/, '')}`;
  const inShared = source.match(/packages\/shared\//);
  return inShared ? '(app) @hafla/shared' : '(unmapped glue, CSS class maps)';
}

/** Minified bytes per owner in one built file, from its source map's mappings. */
function bytesByOwner(code, map) {
  const lines = code.split('\n');
  const owners = new Map();
  const consumer = new SourceMapConsumer(map);
  let previous = null;
  const close = (line, column) => {
    if (!previous || previous.line !== line) {
      if (previous) {
        const length = lines[previous.line - 1].length - previous.column;
        owners.set(previous.owner, (owners.get(previous.owner) ?? 0) + length);
      }
      return;
    }
    owners.set(previous.owner, (owners.get(previous.owner) ?? 0) + (column - previous.column));
  };
  consumer.eachMapping((mapping) => {
    close(mapping.generatedLine, mapping.generatedColumn);
    previous = {
      line: mapping.generatedLine,
      column: mapping.generatedColumn,
      owner: mapping.source ? ownerOf(mapping.source) : '(unmapped glue, CSS class maps)',
    };
  });
  close(Number.POSITIVE_INFINITY, 0);
  return owners;
}

try {
  console.log('Building the web app with source maps…');
  execFileSync(
    process.execPath,
    [
      path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'),
      'build',
      '--sourcemap',
      '--manifest',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'error',
    ],
    { cwd: web, stdio: 'inherit' },
  );

  // The build's manifest names each chunk's source, for chunks whose map names none (JSON).
  const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8'));
  const sourceOfChunk = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk.src]));
  const shares = new Map();
  let total = 0;
  const files = initialScriptFiles(outDir);
  for (const file of files) {
    const code = readFileSync(path.join(outDir, file), 'utf8');
    const gzip = gzipBytes(code);
    total += gzip;
    const mapFile = path.join(outDir, `${file}.map`);
    // The bundler's own runtime comes without a map.
    const owners = existsSync(mapFile)
      ? bytesByOwner(code, JSON.parse(readFileSync(mapFile, 'utf8')))
      : new Map([['(bundler runtime)', code.length]]);
    const mapped = [...owners.values()].reduce((sum, bytes) => sum + bytes, 0);
    // Bytes no mapping covers: a chunk without mappings (a translation file) is its source's, as
    // the manifest names it, or its chunk's; the rest is glue and CSS modules' class-name maps.
    const source = sourceOfChunk.get(file);
    const chunkName = path.basename(file).replace(/-[\w-]{8}\.js$/, '');
    const unmappedOwner =
      mapped > 0
        ? '(unmapped glue, CSS class maps)'
        : source
          ? ownerOf(`apps/web/${source}`)
          : `(app) chunk ${chunkName}`;
    const unmapped = Math.max(0, code.length - mapped);
    if (unmapped > 0) owners.set(unmappedOwner, (owners.get(unmappedOwner) ?? 0) + unmapped);
    for (const [owner, bytes] of owners) {
      shares.set(owner, (shares.get(owner) ?? 0) + (bytes / code.length) * gzip);
    }
  }

  const kb = (bytes) => (bytes / 1024).toFixed(1).padStart(6);
  const rows = [...shares].sort((a, b) => b[1] - a[1]).filter(([, bytes]) => bytes >= 50);
  console.log(
    `\nInitial script: ${files.length} files, ${kb(total).trim()} KB gzip (limit ${LIMIT_KB} KB)`,
  );
  console.log('   KB gzip  share  from');
  for (const [owner, bytes] of rows) {
    console.log(`   ${kb(bytes)}  ${((bytes / total) * 100).toFixed(0).padStart(4)}%  ${owner}`);
  }
  const libraries = [...shares]
    .filter(([owner]) => !owner.startsWith('('))
    .reduce((sum, [, bytes]) => sum + bytes, 0);
  console.log(
    `Libraries ${kb(libraries).trim()} KB, the app's own code ${kb(total - libraries).trim()} KB; ` +
      `ratio to the limit ${(total / 1024 / LIMIT_KB).toFixed(2)} ${total / 1024 <= LIMIT_KB ? 'ok' : 'OVER'}`,
  );
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
