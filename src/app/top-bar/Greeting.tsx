// Spec §1: the top bar greets the signed-in user by user name with the label Admin or User.
import { useSession } from '../../sync/hooks';

/** `tight`: the word Hello is left to screen readers, so a 768 px tablet keeps the bar on one row. */
export function Greeting({ className = '', tight = false }: { className?: string; tight?: boolean }) {
  const { username, isAdmin } = useSession();
  return (
    <span className={`whitespace-nowrap text-sm ${className}`} data-testid="greeting">
      <span className={tight ? 'max-lg:sr-only' : ''}>Hello, </span>
      <strong>{username}</strong> <span className="rounded bg-slate-600 px-2 py-0.5 text-white">{isAdmin ? 'Admin' : 'User'}</span>
    </span>
  );
}
