// The signed-in part of the top bar (spec §1, issue 13): from 640 px the navigation and the greeting in the bar;
// on a phone a Menu button opening the drawer with both. Logout asks first when changes are waiting.
import { MenuDrawer } from './MenuDrawer';
import { SignedInLayout } from './SignedInLayout';
import { useLogout } from './use-logout';

export function SignedInControls() {
  const logout = useLogout();
  return (
    <>
      <SignedInLayout onLogout={logout.request} menu={<MenuDrawer onLogout={logout.request} />} />
      {logout.dialog}
    </>
  );
}
