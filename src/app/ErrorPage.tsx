// The default error page (spec §2): titled 'Unexpected Application Error!' with the status or the message.
// Used for unmatched routes (404) and for anything a route throws. Under the spec's title it says in plain words
// what happened and gives the way back to the Lots page (issue 31: a person met '404 Not Found' and nothing else).
import { Link, useLocation, type ErrorComponentProps } from '@tanstack/react-router';
import { ClientMessages } from '../protocol/messages';
import { buttonClass } from '../ui/button';

interface ErrorPageProps {
  /** The status or the message (spec §2). */
  readonly detail: string;
  /** What it means for the person, in a sentence. */
  readonly explanation: string;
}

export function ErrorPage({ detail, explanation }: ErrorPageProps) {
  return (
    <section role="alert" className="flex flex-col items-start gap-3">
      <h1 className="text-2xl font-semibold text-red-800">{ClientMessages.errorPageTitle}</h1>
      <p className="text-lg font-medium text-slate-900">{detail}</p>
      <p className="text-slate-800">{explanation}</p>
      {/* '/' opens the Lots page for a signed-in person, and the Login screen for anyone else (spec §2). */}
      <Link to="/" className={buttonClass.primary}>
        {ClientMessages.backToLots}
      </Link>
    </section>
  );
}

export function NotFoundPage() {
  const { pathname } = useLocation();
  return <ErrorPage detail={ClientMessages.pageNotFound} explanation={ClientMessages.noPageHere(pathname)} />;
}

/** What to show for a thrown value: an HTTP-like status first, else the message. */
export function errorDetail(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number') {
    const text = 'statusText' in error && typeof error.statusText === 'string' ? ` ${error.statusText}` : '';
    return `${error.status}${text}`;
  }
  if (error instanceof Error) return error.message;
  return String(error);
}

export function RouteErrorPage({ error }: ErrorComponentProps) {
  return <ErrorPage detail={errorDetail(error)} explanation={ClientMessages.pageFailed} />;
}
