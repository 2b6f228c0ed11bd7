import { AccountController } from './AccountController'
import { AlertController } from './AlertController'
import { ApiController } from './ApiController'
import { ChainController } from './ChainController'
import { ConnectionController } from './ConnectionController'
import { ConnectorController } from './ConnectorController'
import { EventsController } from './EventsController'
import { featureClients } from '../services/featureClients'
import { LocaleController } from './LocaleController'
import { ModalController } from './ModalController'
import { NftsController } from './NftsController'
import { NamesController } from './NamesController'
import { OnrampController } from './OnrampController'
import { OptionsController } from './OptionsController'
import { RouterController } from './RouterController'
import { SendController } from './SendController'
import { SiwxController } from './SiwxController'
import { SnackbarController } from './SnackbarController'
import { SolanaAccountController } from './SolanaAccountController'
import { SolanaSendController } from './SolanaSendController'
import { BitcoinAccountController } from './BitcoinAccountController'
import { BitcoinSendController } from './BitcoinSendController'
import { StorageController } from './StorageController'
import { SwapController } from './SwapController'
import { ThemeController } from './ThemeController'
import { TokenBalancesController } from './TokenBalancesController'
import { TransactionsController } from './TransactionsController'

/** Every store, so a test (or a page that starts Portico again) never sees another's state. */
const STORES = [
  AccountController, AlertController, ApiController, ChainController, ConnectionController, ConnectorController,
  EventsController, LocaleController, ModalController, OptionsController, RouterController, SendController, SiwxController,
  SnackbarController, StorageController, SwapController, NftsController, ThemeController,
  TokenBalancesController, TransactionsController, SolanaAccountController, SolanaSendController, BitcoinAccountController, BitcoinSendController,
  NamesController, OnrampController,
] as const

/**
 * Puts every store back to its initial state: registered connectors, clients and listeners are
 * forgotten, storage goes back to `localStorage` (what it holds is not touched).
 *
 * @example
 * beforeEach(() => resetAllStores())
 */
export function resetAllStores(): void {
  for (const store of STORES) store.reset()
  featureClients.blockchain = undefined
  featureClients.wallet = undefined
}
