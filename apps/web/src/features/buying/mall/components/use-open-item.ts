import { useNavigate } from 'react-router';
import { isLoggedIn, LOGIN_PATH } from '../../../../lib/session.ts';
import { itemPath } from '../mall-paths.ts';

/** Opens an item's page; logged-out visitors of the public pages go to login first. */
export function useOpenItem() {
  const navigate = useNavigate();
  return (id: number) => navigate(isLoggedIn() ? itemPath(id) : LOGIN_PATH);
}
