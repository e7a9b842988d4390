import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // Every route is prerendered to HTML; the Fastify server serves it and adds what a
  // static export cannot (redirects, fallbacks, configuration at start).
  output: 'export',
  trailingSlash: false,
  images: { unoptimized: true },
  poweredByHeader: false,
  reactStrictMode: true,
  // `npm run typecheck` checks the site with tsc; the build need not do it twice.
  typescript: { ignoreBuildErrors: true },
  transpilePackages: ['@growmail/contracts'],
};

export default nextConfig;
