/**
 * The environment a consumer app's tools run in: this process's, less what Vitest sets for
 * itself. Vitest sets NODE_ENV=test, and a bundler that inherits it builds React's development
 * code into a "production" build.
 */
export function consumerEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env }
  for (const name of Object.keys(env)) if (name === 'NODE_ENV' || name === 'TEST' || name.startsWith('VITEST')) delete env[name]
  return { ...env, ...extra }
}
