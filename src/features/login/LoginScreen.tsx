// The Login screen (spec §2): a card with Username, Password and Login, a red alert area, and the full-screen
// spinner while the live connection is being made. Where to go afterwards is the route's business
// (onSignedIn); this screen only says when, and says it once.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { LoginRequestSchema } from '../../protocol/auth';
import { ClientMessages } from '../../protocol/messages';
import { core } from '../../sync/core';
import { useConnection, useLoginState, useSession } from '../../sync/hooks';
import { ConnectionSpinner, useConnectionOverlay } from './ConnectionSpinner';
import { buttonClass, inputClass } from '../../ui/button';

export function LoginScreen({ onSignedIn }: { onSignedIn: () => void }) {
  const { token } = useSession();
  const { pending, error } = useLoginState();
  const connection = useConnection();
  const overlay = useConnectionOverlay(connection);
  const [formError, setFormError] = useState('');
  const signedIn = useRef(false);

  useEffect(() => {
    // Spec §2: after a successful login go to /home, once only.
    if (token === undefined || signedIn.current) return;
    signedIn.current = true;
    onSignedIn();
  }, [token, onSignedIn]);

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const request = LoginRequestSchema.safeParse({ username: form.get('username'), password: form.get('password') });
    if (!request.success) {
      setFormError(request.error.issues[0]?.message ?? 'Username and Password are required');
      return;
    }
    setFormError(core().login.submit(request.data) ? '' : ClientMessages.signInNeedsConnection);
  };

  const alert = formError || error;
  return (
    <div className="flex justify-center px-4 py-8">
      {overlay && <ConnectionSpinner snapshot={connection} />}
      <section aria-labelledby="login-title" className="w-full max-w-sm rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <h1 id="login-title" className="mb-4 text-2xl font-semibold text-slate-900">
          Login
        </h1>
        <form onSubmit={submit} className="flex flex-col gap-4">
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
            Username
            <input name="username" required autoComplete="username" autoCapitalize="none" spellCheck={false} className={inputClass} />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
            Password
            <input name="password" type="password" required autoComplete="current-password" className={inputClass} />
          </label>
          <div data-testid="login-alert" role={alert ? 'alert' : undefined} className={alert ? 'rounded-md border border-red-300 bg-red-50 px-3 py-2 text-red-800' : 'hidden'}>
            {alert}
          </div>
          <button type="submit" disabled={pending} className={buttonClass.primary}>
            Login
          </button>
        </form>
      </section>
    </div>
  );
}
