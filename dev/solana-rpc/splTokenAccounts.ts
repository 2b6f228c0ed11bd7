import { ACCOUNT_SIZE, AccountLayout, AccountState, MINT_SIZE, MintLayout, TOKEN_PROGRAM_ID } from '@solana/spl-token'

/** The account fields the ledger hands around (raw bytes, owner as base58). */
export type RawAccount = { lamports: bigint; data: Uint8Array; owner: string; executable: boolean }

/** `uiTokenAmount` / `tokenAmount` as Solana's RPC encodes it. */
export type UiTokenAmount = { amount: string; decimals: number; uiAmount: number | null; uiAmountString: string }

/** A token account of the SPL Token program, decoded. */
export type TokenAccountFields = { mint: string; owner: string; amount: bigint; state: 'uninitialized' | 'initialized' | 'frozen'; isNative: boolean; delegate: string | null }

const tokenProgram = TOKEN_PROGRAM_ID.toBase58()

/** Whether `account` is an SPL Token account (owned by the Token program, 165 bytes). */
export function isTokenAccount(account: RawAccount | null): boolean {
  return account !== null && account.owner === tokenProgram && account.data.length === ACCOUNT_SIZE
}

/** Whether `account` is an SPL Token mint (owned by the Token program, 82 bytes). */
export function isMintAccount(account: RawAccount | null): boolean {
  return account !== null && account.owner === tokenProgram && account.data.length === MINT_SIZE
}

/** Decodes a token account's fields. */
export function decodeTokenAccount(account: RawAccount): TokenAccountFields {
  const raw = AccountLayout.decode(account.data)
  const state = raw.state === AccountState.Frozen ? 'frozen' : raw.state === AccountState.Initialized ? 'initialized' : 'uninitialized'
  return {
    mint: raw.mint.toBase58(),
    owner: raw.owner.toBase58(),
    amount: raw.amount,
    state,
    isNative: raw.isNativeOption === 1,
    delegate: raw.delegateOption === 1 ? raw.delegate.toBase58() : null,
  }
}

/** Decodes a mint's decimals, supply and authorities. */
export function decodeMint(account: RawAccount): { decimals: number; supply: bigint; mintAuthority: string | null; freezeAuthority: string | null; isInitialized: boolean } {
  const raw = MintLayout.decode(account.data)
  return {
    decimals: raw.decimals,
    supply: raw.supply,
    mintAuthority: raw.mintAuthorityOption === 1 ? raw.mintAuthority.toBase58() : null,
    freezeAuthority: raw.freezeAuthorityOption === 1 ? raw.freezeAuthority.toBase58() : null,
    isInitialized: raw.isInitialized,
  }
}

/** An amount in base units with its decimals, as the RPC shows token amounts. */
export function uiTokenAmount(amount: bigint, decimals: number): UiTokenAmount {
  const digits = amount.toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  const uiAmountString = fraction ? `${whole}.${fraction}` : whole
  return { amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString }
}

/** The `jsonParsed` data of a token account or mint, or `undefined` for any other account. */
export function parsedTokenData(account: RawAccount, mintDecimals: (mint: string) => number): unknown {
  if (isTokenAccount(account)) {
    const fields = decodeTokenAccount(account)
    const info: Record<string, unknown> = {
      isNative: fields.isNative,
      mint: fields.mint,
      owner: fields.owner,
      state: fields.state,
      tokenAmount: uiTokenAmount(fields.amount, mintDecimals(fields.mint)),
    }
    if (fields.delegate) info.delegate = fields.delegate
    return { program: 'spl-token', parsed: { type: 'account', info }, space: account.data.length }
  }
  if (isMintAccount(account)) {
    const mint = decodeMint(account)
    return {
      program: 'spl-token',
      parsed: {
        type: 'mint',
        info: { decimals: mint.decimals, freezeAuthority: mint.freezeAuthority, isInitialized: mint.isInitialized, mintAuthority: mint.mintAuthority, supply: mint.supply.toString() },
      },
      space: account.data.length,
    }
  }
  return undefined
}

/** The Token program's id, base58. */
export const TOKEN_PROGRAM = tokenProgram
