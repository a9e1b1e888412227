// The signed-in part of the top bar (spec §1, issue 13): from 640 px the navigation and the greeting in the bar;
// on a phone a Menu button opening the drawer with both. Logout asks first when changes are waiting.
import { Greeting } from './Greeting';
import { MenuDrawer } from './MenuDrawer';
import { NavLinks } from './NavLinks';
import { useLogout } from './use-logout';

export function SignedInControls() {
  const logout = useLogout();
  return (
    <>
      <div className="hidden min-w-0 items-center gap-2 sm:flex">
        <NavLinks layout="bar" onLogout={logout.request} />
        <Greeting className="shrink-0" tight />
      </div>
      <div className="sm:hidden">
        <MenuDrawer onLogout={logout.request} />
      </div>
      {logout.dialog}
    </>
  );
}
