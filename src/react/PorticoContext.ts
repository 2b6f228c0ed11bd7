import { createContext, useContext } from 'react'
import { PorticoError } from '../errors/PorticoError'
import type { Portico } from '../createPortico'

export const PorticoContext = createContext<Portico | undefined>(undefined)

/** The instance given to `<PorticoProvider>`; throws outside of it. */
export function usePorticoInstance(): Portico {
  const portico = useContext(PorticoContext)
  if (!portico) throw PorticoError.of('outsideProvider')
  return portico
}
