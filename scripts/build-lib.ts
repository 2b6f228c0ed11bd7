/**
 * Library build: one ES module per public entry point, dependencies external, the WASM module
 * left as a file beside `dist/core/index.js` (not inlined), so bundlers and Node load it by URL.
 */
import { build } from 'vite'

const entries = {
  'core/index': 'src/core/index.ts',
}

await build({
  configFile: false,
  logLevel: 'warn',
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    minify: false,
    sourcemap: true,
    target: 'es2022',
    lib: { entry: entries, formats: ['es'] },
    rolldownOptions: {
      external: (id: string) => !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0') && !/^[A-Za-z]:/.test(id),
      output: { entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
    },
  },
})
