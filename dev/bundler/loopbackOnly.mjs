// Preloaded into the alto process (node --import): alto listens on every interface and has no
// option for it, so a listen on 0.0.0.0 or :: is turned into one on 127.0.0.1. The dev bundler
// signs with dev keys and must stay on loopback like the rest of the local stack.
import net from 'node:net'

const listen = net.Server.prototype.listen
net.Server.prototype.listen = function listenOnLoopback(...args) {
  const [options] = args
  if (options && typeof options === 'object' && (options.host === '0.0.0.0' || options.host === '::')) args[0] = { ...options, host: '127.0.0.1' }
  return listen.apply(this, args)
}
