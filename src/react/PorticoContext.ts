import { createContext, useContext } from 'react'
import { errorOf } from '../errors/PorticoError'
import { ENTRY_MESSAGES } from '../errors/entryMessages'
import type { Portico } from '../createPortico'

export const PorticoContext = createContext<Portico | undefined>(undefined)

/** The instance given to `<PorticoProvider>`; throws outside of it. */
export function usePorticoInstance(): Portico {
  const portico = useContext(PorticoContext)
  if (!portico) throw errorOf(ENTRY_MESSAGES, 'outsideProvider')
  return portico
}
