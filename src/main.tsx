// Entry: installs the toast notifier, starts the live client (connection, login, categories), registers the
// service worker, catches quota errors and renders the router. Nothing else belongs here.
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startPwa } from './app/pwa/register';
import { catchQuotaErrors } from './app/pwa/storage';
import { router } from './app/router';
import { startSync } from './sync/client';
import { setNotifier } from './sync/notifier';
import { toastNotifier } from './ui/notify';
import './styles.css';

setNotifier(toastNotifier);
startSync();
catchQuotaErrors();
startPwa();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
