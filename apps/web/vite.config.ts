import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The dashboard is served by the Storelens server under /wp-admin/ (admin.php is the page).
// `npm run dev` proxies the REST API to a server on 127.0.0.1:8080.
export default defineConfig({
  root: new URL('.', import.meta.url).pathname,
  base: '/wp-admin/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: {
    proxy: { '/wp-json': 'http://127.0.0.1:8080' },
  },
});
