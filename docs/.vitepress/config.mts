import { defineConfig } from 'vitepress'
import { hideSamplePreamble } from './hideSamplePreamble'

// The API reference is generated into docs/api by TypeDoc (`npm run docs:api`), one page per entry.
const apiPages = [
  ['portico/core', '/api/portico/core/'],
  ['portico/react', '/api/portico/react'],
  ['portico/wagmi', '/api/portico/wagmi'],
  ['portico/walletconnect', '/api/portico/walletconnect'],
  ['portico/embedded', '/api/portico/embedded'],
] as const

export default defineConfig({
  title: 'Portico',
  description: 'An open, self-hostable, accessible wallet-connection modal for web apps.',
  lang: 'en',
  cleanUrls: true,
  lastUpdated: false,
  // The docs site is served from the repository's own build; no font or script from elsewhere.
  head: [['meta', { name: 'color-scheme', content: 'light dark' }]],
  // High-contrast code themes: the default ones have comments and punctuation under 4.5:1.
  markdown: { theme: { light: 'github-light-high-contrast', dark: 'github-dark-high-contrast' }, config: (md) => hideSamplePreamble(md) },
  themeConfig: {
    search: { provider: 'local' },
    nav: [
      { text: 'Guide', link: '/guide/getting-started' },
      { text: 'API', link: '/api/' },
      { text: 'Benchmarks', link: '/benchmarks' },
    ],
    sidebar: [
      {
        text: 'Getting started',
        items: [
          { text: 'Install and the ten lines', link: '/guide/getting-started' },
          { text: 'Bundlers', link: '/guide/bundlers' },
          { text: 'Examples', link: '/guide/examples' },
        ],
      },
      {
        text: 'Connectors',
        items: [
          { text: 'Browser wallets (injected)', link: '/guide/connectors/injected' },
          { text: 'WalletConnect', link: '/guide/connectors/walletconnect' },
          { text: 'Email login', link: '/guide/connectors/email' },
          { text: 'Social and Farcaster login', link: '/guide/connectors/social' },
          { text: 'Solana', link: '/guide/connectors/solana' },
        ],
      },
      {
        text: 'Guides',
        items: [
          { text: 'The modal', link: '/guide/modal' },
          { text: 'Sign in with X', link: '/guide/sign-in' },
          { text: 'Theming', link: '/guide/theming' },
          { text: 'Languages and right-to-left', link: '/guide/languages' },
          { text: 'The Account features', link: '/guide/account' },
          { text: 'With wagmi', link: '/guide/wagmi' },
          { text: 'Headless: the hooks', link: '/guide/headless' },
          { text: 'The core (portico/core)', link: '/guide/core' },
          { text: 'Self-hosting the backend', link: '/guide/self-hosting' },
          { text: 'The local stack', link: '/guide/local-stack' },
          { text: 'Security', link: '/guide/security' },
        ],
      },
      {
        text: 'Reference',
        items: [
          { text: 'API', link: '/api/', items: apiPages.map(([text, link]) => ({ text, link })) },
          { text: 'Architecture', link: '/guide/architecture' },
          { text: 'Benchmarks', link: '/benchmarks' },
        ],
      },
    ],
  },
})
