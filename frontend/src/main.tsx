// The self-hosted font and global styles first, so that component CSS modules come later in
// the cascade.
import '@fontsource-variable/inter/wght.css';
import './app/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { registerServiceWorker } from './app/service-worker';
import { applyBrandColour, readBrand } from './lib/brand';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain an element with id "root"');

const brand = readBrand();
applyBrandColour(brand);

const root = createRoot(container);
// The first render mounts the router, the shell and a whole page. As a transition React renders
// it in slices and lets the browser breathe between them, instead of one long task that holds
// the main thread while the page loads.
startTransition(() => {
  root.render(
    <StrictMode>
      <App brand={brand} />
    </StrictMode>,
  );
});

if (import.meta.env.PROD) registerServiceWorker();
