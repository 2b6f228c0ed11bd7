/**
 * Library build: one ES module per public entry point, dependencies external. Not Vite's library
 * mode, since that inlines every asset as base64: the WASM module must stay a file
 * (`dist/core/wasm/portico_wasm_bg.wasm`), referenced by `new URL(…, import.meta.url)` so that
 * Node reads it and the app's bundler picks it up.
 */
import { build } from 'vite'

const entries = {
  'core/index': 'src/core/index.ts',
  'react/index': 'src/react/index.ts',
  // Its own entry, so that an app without WalletConnect never sees the provider.
  'connectors/walletconnect/walletConnect': 'src/connectors/walletconnect/walletConnect.ts',
}

await build({
  configFile: false,
  logLevel: 'warn',
  base: './',
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    minify: false,
    sourcemap: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    copyPublicDir: false,
    // No preload helper around dynamic imports (the modal's lazy views): a library must not touch <head>.
    modulePreload: false,
    rolldownOptions: {
      input: entries,
      preserveEntrySignatures: 'strict',
      external: (id: string) => !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0') && !/^[A-Za-z]:/.test(id),
      output: {
        format: 'es',
        entryFileNames: '[name].js',
        chunkFileNames: 'chunks/[name]-[hash].js',
        assetFileNames: 'core/wasm/[name][extname]',
      },
    },
  },
})
