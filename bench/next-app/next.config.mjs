// Defaults, except: the project root (without it Next.js would take the repository's lockfile,
// two levels up, for a monorepo root) and trailing slashes, so that the page answers at the
// storefront's URL, /en/products/, instead of redirecting it to /en/products.
const root = import.meta.dirname;

/** @type {import('next').NextConfig} */
export default {
  turbopack: { root },
  outputFileTracingRoot: root,
  trailingSlash: true,
};
