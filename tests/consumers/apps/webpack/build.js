/**
 * A webpack 5 production build with no loaders and no plugins: webpack takes Portico's ES modules,
 * its dynamic imports and its `new URL('…wasm', import.meta.url)` as they are.
 */
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import webpack from 'webpack'

const dist = fileURLToPath(new URL('./dist', import.meta.url))

const stats = await new Promise((resolve, reject) =>
  webpack({
    mode: 'production',
    context: fileURLToPath(new URL('.', import.meta.url)),
    entry: './src/main.js',
    output: { path: dist, filename: 'main.js', chunkFilename: '[name].[contenthash].js', publicPath: 'auto', clean: true },
  }).run((error, result) => (error ? reject(error) : resolve(result))),
)
if (stats.hasErrors()) {
  console.error(stats.toString('errors-only'))
  process.exit(1)
}
writeFileSync(
  `${dist}/index.html`,
  `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><link rel="icon" href="data:," /><title>Portico in a webpack app</title></head>
  <body><main id="root"></main><script src="main.js"></script></body>
</html>
`,
)
