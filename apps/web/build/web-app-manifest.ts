import type { ManifestOptions } from 'vite-plugin-pwa';

// The web app manifest (dist/manifest.webmanifest): what a phone or desktop needs to install the app
// and show it on the home screen. The icons are drawn by scripts/make-app-icons.mjs.
export const webAppManifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'LeadCircle',
  short_name: 'LeadCircle',
  description: 'LeadCircle: private groups where sales professionals exchange leads.',
  start_url: '/activities',
  scope: '/',
  display: 'standalone',
  theme_color: '#1f4fa3',
  background_color: '#ffffff',
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  shortcuts: [
    // A lead is given in one of the person's groups: the shortcut opens their groups.
    {
      name: 'New lead',
      short_name: 'New lead',
      url: '/groups',
      icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }],
    },
    {
      name: 'Chat',
      short_name: 'Chat',
      url: '/chat/direct',
      icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }],
    },
  ],
};
