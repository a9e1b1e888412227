// Entry: installs the toast notifier, starts the live client (its core now, the engine when its chunk arrives),
// registers the service worker, catches quota errors and renders the router. Nothing else belongs here.
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startPwa } from './app/pwa/register';
import { catchQuotaErrors } from './app/pwa/storage';
import { router } from './app/router';
import { startCore } from './sync/core';
import { setNotifier } from './sync/feedback/notifier';
import { toastNotifier } from './ui/notify';
import './styles.css';

setNotifier(toastNotifier);
startCore();
// The replica, outbox and domains come in their own chunk, right away, not in the login route's JavaScript.
void import('./app/engine').then(({ startEngine }) => startEngine());
catchQuotaErrors();
startPwa();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
