// Imports portico/react and portico/core the way a server does, and prints every use of a browser
// global or a timer made by Portico's own modules while they load. Run as a plain Node process.
const uses = []
const byPortico = () => /node_modules\/portico\//.test(new Error().stack ?? '')
for (const name of ['window', 'document', 'localStorage', 'sessionStorage', 'navigator', 'location', 'matchMedia', 'indexedDB']) {
  const had = Object.getOwnPropertyDescriptor(globalThis, name)
  Object.defineProperty(globalThis, name, {
    configurable: true,
    get() {
      if (byPortico()) uses.push(name)
      return had?.get ? had.get.call(globalThis) : had?.value
    },
  })
}
for (const name of ['setTimeout', 'setInterval', 'setImmediate', 'queueMicrotask', 'requestAnimationFrame', 'requestIdleCallback']) {
  const original = globalThis[name]
  globalThis[name] = function (...args) {
    if (byPortico()) uses.push(name)
    return original?.apply(this, args)
  }
}
const react = await import('portico/react')
const core = await import('portico/core')
console.log(JSON.stringify({ uses, react: Object.keys(react).sort(), core: Object.keys(core).sort() }))
