// Bundles the API into dist/server.js and the mail worker into dist/worker.js. Our workspace
// packages are inlined (they ship TypeScript); every other package stays external and is loaded from node_modules.
import { build } from 'esbuild';

const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@hafla/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

await build({
  entryPoints: ['src/server.ts', 'src/worker.ts', 'src/db/cli.ts'],
  outdir: 'dist',
  entryNames: '[name]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalPackages],
});
console.log('api: built dist/server.js and dist/worker.js');
