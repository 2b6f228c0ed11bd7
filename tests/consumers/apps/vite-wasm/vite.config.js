import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import wasm from 'vite-plugin-wasm'

/** An app that imports `.wasm` files as ES modules through vite-plugin-wasm, with Portico beside it. */
export default defineConfig({
  plugins: [react(), wasm()],
  build: { target: 'es2022' },
})
