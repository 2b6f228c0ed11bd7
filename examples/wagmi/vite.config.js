import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

/**
 * An ordinary Vite + React app; its chains come from VITE_PORTICO_CHAINS at build time. wagmi, viem
 * and React make one main chunk of about 620 kB (190 kB gzipped), over Vite's 500 kB warning: that
 * is what a wagmi app weighs, not something of Portico's to fix here.
 */
export default defineConfig({ plugins: [react()], build: { chunkSizeWarningLimit: 1024 } })
