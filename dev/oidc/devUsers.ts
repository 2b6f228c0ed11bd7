/** A person who can sign in at the dev OpenID provider. */
export type DevUser = {
  /** The stable subject (`sub`) the provider issues for this person. */
  id: string
  name: string
  email: string
}

/** The dev provider's people; every social client signs them in under the same subjects. */
export const DEV_USERS: readonly DevUser[] = [
  { id: 'alice', name: 'Alice Example', email: 'alice@example.test' },
  { id: 'bob', name: 'Bob Example', email: 'bob@example.test' },
  { id: 'carol', name: 'Carol Example', email: 'carol@example.test' },
]

export const findDevUser = (id: string): DevUser | undefined => DEV_USERS.find((user) => user.id === id)
