import path from 'node:path';
import { fileURLToPath } from 'node:url';

// This file sits one level below apps/api both as src/paths.ts and inside the dist/server.js bundle.
export const API_ROOT = fileURLToPath(new URL('..', import.meta.url));
export const MIGRATIONS_DIR = path.join(API_ROOT, 'src', 'db', 'migrations');
export const DEFAULT_WEB_DIST = path.resolve(API_ROOT, '..', 'web', 'dist');
