// The same page without Portico: `npm run size` measures Portico's share of the first load as the
// difference between `/` and this page.
export const dynamic = 'force-dynamic'

export default function Page() {
  return (
    <main>
      <h1>Next.js app</h1>
    </main>
  )
}
