// The default error page (spec §2): titled 'Unexpected Application Error!' with the status or the message.
// Used for unmatched routes (404) and for anything a route throws.
import type { ErrorComponentProps } from '@tanstack/react-router';
import { ClientMessages } from '../protocol/messages';


export function ErrorPage({ detail }: { detail: string }) {
  return (
    <section role="alert" className="flex flex-col gap-3">
      <h1 className="text-2xl font-semibold text-red-800">{ClientMessages.errorPageTitle}</h1>
      <p className="text-lg text-slate-800">{detail}</p>
    </section>
  );
}

export function NotFoundPage() {
  return <ErrorPage detail="404 Not Found" />;
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
  return <ErrorPage detail={errorDetail(error)} />;
}
