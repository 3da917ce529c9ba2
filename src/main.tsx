import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './ui/touchTargets.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './ui/App';
import { startEarlyRead } from './ui/earlyRead';
import { registerOfflineShell } from './ui/offlineShell';

// Before React starts: the editor's map is read (or fetched) while its code loads.
startEarlyRead(window.location.pathname, window.location.hash);

// A production build keeps its own files for a reload without a network (the dev server does not).
if (import.meta.env.PROD) registerOfflineShell();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
