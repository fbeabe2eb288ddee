// The global styles first, so that component CSS modules come later in the cascade.
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { registerServiceWorker } from './app/service-worker';
import { applyBrandColour, readBrand } from './config/brand';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain an element with id "root"');

const brand = readBrand();
applyBrandColour(brand);

createRoot(container).render(
  <StrictMode>
    <App brand={brand} />
  </StrictMode>,
);

if (import.meta.env.PROD) registerServiceWorker();
