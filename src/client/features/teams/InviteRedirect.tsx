import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { inviteCodeFrom, inviteParameter } from '../signIn/inviteCode';
import { selectInviteIsUsed } from '../members/invitesSlice';

/**
 * A signed-in user who opens an invite link on any page (older links point at `/?invite=…`) is
 * taken to the join page, which asks before switching teams. The link the user just signed in
 * through has been joined already: it only leaves the address (the join page itself goes to the board).
 */
export function InviteRedirect() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const inviteCode = inviteCodeFrom(new URLSearchParams(search));
  const spent = useAppSelector((state) => (inviteCode ? selectInviteIsUsed(state, inviteCode) : false));
  useEffect(() => {
    if (pathname === '/join' || !inviteCode) return;
    if (!spent) {
      navigate(`/join?${inviteParameter}=${encodeURIComponent(inviteCode)}`, { replace: true });
      return;
    }
    const rest = new URLSearchParams(search);
    rest.delete(inviteParameter);
    navigate({ pathname, search: rest.size > 0 ? `?${rest}` : '' }, { replace: true });
  }, [pathname, search, inviteCode, spent, navigate]);
  return null;
}
