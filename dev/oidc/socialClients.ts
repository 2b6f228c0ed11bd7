/** The social providers the dev OpenID provider plays, each one a client of it. */
export const SOCIAL_CLIENTS = ['google', 'x', 'discord', 'github', 'apple', 'facebook'] as const

export type SocialClientId = (typeof SOCIAL_CLIENTS)[number]

/** How each client presents itself on the sign-in page. */
export const SOCIAL_CLIENT_NAMES: Record<SocialClientId, string> = {
  google: 'Google', x: 'X', discord: 'Discord', github: 'GitHub', apple: 'Apple', facebook: 'Facebook',
}

export const isSocialClientId = (value: unknown): value is SocialClientId =>
  typeof value === 'string' && (SOCIAL_CLIENTS as readonly string[]).includes(value)
