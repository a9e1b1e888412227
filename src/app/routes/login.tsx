// /login and / (spec §2 route table): the Login screen. A visitor who already holds a valid token goes
// straight to /home; a successful login goes there too (the screen says when, once).
import { createRoute, redirect, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { LoginScreen } from '../../features/login/LoginScreen';
import { core } from '../../sync/core';
import { rootRoute } from './root';

function LoginRoute() {
  const navigate = useNavigate();
  const toHome = useCallback(() => void navigate({ to: '/home', replace: true }), [navigate]);
  return <LoginScreen onSignedIn={toHome} />;
}

const skipWhenSignedIn = (): void => {
  if (core().session.isAuthenticated()) throw redirect({ to: '/home', replace: true });
};

export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  beforeLoad: skipWhenSignedIn,
  component: LoginRoute,
});

export const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: skipWhenSignedIn,
  component: LoginRoute,
});
