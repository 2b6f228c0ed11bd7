import type { Translation } from '../catalogue'
import type { EnglishCatalogue } from '../en'

const messages: Translation<EnglishCatalogue> = {}

export default messages
