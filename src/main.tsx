// Entry: installs the toast notifier, starts the live client (connection, login, categories), registers the
// service worker, catches quota errors and renders the router. Nothing else belongs here.
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startPwa } from './app/pwa/register';
import { catchQuotaErrors } from './app/pwa/storage';
import { router } from './app/router';
import { domains } from './domains';
import { startSync } from './sync/runtime';
import { setNotifier } from './sync/feedback/notifier';
import { toastNotifier } from './ui/notify';
import './styles.css';

setNotifier(toastNotifier);
startSync(domains);
catchQuotaErrors();
startPwa();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
