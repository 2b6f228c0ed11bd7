import { icu } from './icu'

/**
 * The page buttons' English words. They are part of the English catalogue (`en.button`), and the
 * buttons show them on their own before any catalogue has loaded: the first load of the page
 * carries no catalogue.
 */
export const buttonEnglish = {
  connect: 'Connect wallet',
  reconnecting: 'Reconnecting…',
  wrongNetwork: 'Wrong network',
  network: icu('Network: {name}. Switch network', 'name'),
  noNetwork: 'Choose network',
}

/** The Network button's name before a catalogue has loaded. */
export const englishNetworkLabel = (name: string): string => buttonEnglish.network.icu.replace('{name}', name)
