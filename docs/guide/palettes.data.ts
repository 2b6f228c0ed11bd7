import { PALETTES } from '../../src/ui/theme/palettes'
import { DEFAULT_THEME_VARIABLES } from '../../src/controllers/ThemeController'

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)

/** The theme's tokens, read from the sources at build time so the table on the page stays current. */
export default {
  load() {
    return {
      colors: Object.keys(PALETTES.light).map((name) => ({
        token: `--portico-color-${kebab(name)}`,
        light: PALETTES.light[name as keyof typeof PALETTES.light],
        dark: PALETTES.dark[name as keyof typeof PALETTES.dark],
      })),
      defaults: DEFAULT_THEME_VARIABLES,
    }
  },
}
