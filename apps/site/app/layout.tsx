import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { UtmCapture } from '@/components/utm-capture';
import { appIconPath, appleIconSize } from '@/lib/brand-images';
import { brandFont } from '@/lib/fonts';
import { runtime } from '@/lib/runtime';
import { siteConfig } from '@/lib/site-config';
import './globals.css';

export const metadata: Metadata = {
  metadataBase: new URL(runtime.urls.public),
  title: { default: `${siteConfig.name} — ${siteConfig.tagline}`, template: `%s | ${siteConfig.name}` },
  description: siteConfig.description,
  applicationName: siteConfig.name,
  // Listing icons here replaces the file-based ones, so the SVG favicon is named too.
  icons: {
    icon: [{ url: '/icon.svg', type: 'image/svg+xml' }],
    apple: appIconPath(appleIconSize, 'maskable'),
  },
};

export const viewport: Viewport = {
  themeColor: siteConfig.themeColor,
  width: 'device-width',
  initialScale: 1,
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" className={brandFont.variable}>
      <head>
        <UtmCapture />
      </head>
      <body className="flex min-h-screen flex-col font-sans">
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        {children}
      </body>
    </html>
  );
}
