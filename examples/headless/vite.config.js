import { writeFileSync } from 'node:fs'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

/**
 * An ordinary Vite + React production build, with two additions for the size check
 * (scripts/sizeHeadless.ts): React in a chunk of its own, so it can be left out of the count, and
 * `dist/chunks.json`, which lists the modules of every chunk and its static and dynamic imports.
 */
const chunkList = {
  name: 'chunk-list',
  writeBundle(options, bundle) {
    const chunks = Object.values(bundle)
      .filter((item) => item.type === 'chunk')
      .map(({ fileName, isEntry, imports, dynamicImports, moduleIds }) => ({ fileName, isEntry, imports, dynamicImports, moduleIds }))
    writeFileSync(`${options.dir}/chunks.json`, JSON.stringify(chunks, null, 1))
  },
}

export default defineConfig({
  plugins: [react(), chunkList],
  build: {
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }] } },
    },
  },
})
