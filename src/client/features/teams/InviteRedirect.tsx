import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { inviteCodeFrom, inviteParameter } from '../signIn/inviteCode';
import { selectInviteIsUsed } from '../members/invitesSlice';

/**
 * A signed-in user who opens an invite link on any page (older links point at `/?invite=…`) is
 * taken to the join page, which asks before switching teams.
 */
export function InviteRedirect() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const inviteCode = inviteCodeFrom(new URLSearchParams(search));
  // The link the user just signed in through has been used; the sign-in screen is removing it.
  const spent = useAppSelector((state) => (inviteCode ? selectInviteIsUsed(state, inviteCode) : false));
  useEffect(() => {
    if (pathname === '/join' || spent) return;
    if (inviteCode) navigate(`/join?${inviteParameter}=${encodeURIComponent(inviteCode)}`, { replace: true });
  }, [pathname, inviteCode, spent, navigate]);
  return null;
}
