// The initial script of a built web app: the entry script and its modulepreloads, as index.html
// names them — what a visitor's browser downloads before the first page can run.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The initial script's files (paths inside `dist`, without the leading slash). */
export function initialScriptFiles(dist) {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const files = new Set();
  for (const match of html.matchAll(/<script[^>]+src="\/?([^"]+\.js)"/g)) files.add(match[1]);
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/?([^"]+\.js)"/g))
    files.add(match[1]);
  return [...files];
}

/** Bytes of `content` once gzipped at level 9 (what the precompressed .gz files hold). */
export function gzipBytes(content) {
  return gzipSync(content, { level: 9 }).length;
}

/** The initial script's gzip size in bytes, and its files. */
export function initialScriptBytes(dist) {
  const files = initialScriptFiles(dist);
  let total = 0;
  for (const file of files) total += gzipBytes(readFileSync(path.join(dist, file)));
  return { total, files };
}
