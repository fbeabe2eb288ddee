// Global styles first, so that component CSS modules come later in the cascade.
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain an element with id "root"');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
