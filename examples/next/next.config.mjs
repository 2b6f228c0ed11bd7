/** @type {import('next').NextConfig} */
export default {
  // The app's own folder (it sits inside the repository's, which has a lock file of its own).
  turbopack: { root: import.meta.dirname },
}
