/** Vite's `?inline` CSS import: the stylesheet as a string (put into the modal's shadow root). */
declare module '*.css?inline' {
  const css: string
  export default css
}
