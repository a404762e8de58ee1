import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadScreen } from './app/route-table';
import { startAuth } from './features/auth/auth-bootstrap';
import './index.css';

preloadScreen(window.location.pathname);
// The sign-in check (its configuration, then the identity provider) runs while React renders, not after: every
// signed-in page waits for it before it asks for its data.
void startAuth();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
