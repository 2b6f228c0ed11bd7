export const metadata = { title: 'Portico in a Next.js app', icons: { icon: 'data:,' } }

export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  )
}
