import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './ui/touchTargets.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './ui/App';
import { startEarlyRead } from './ui/earlyRead';

// Before React starts: the editor's map is read (or fetched) while its code loads.
startEarlyRead(window.location.pathname, window.location.hash);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
