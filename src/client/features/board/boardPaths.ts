/** The app's pages that show a board (appRoutes): the index, an item's link and a project's link. */
export const showsBoard = (pathname: string) =>
  pathname === '/' || pathname.startsWith('/items/') || pathname.startsWith('/projects/');

/** …and of those, the ones that open on the active project's board (a project's link may switch first). */
export const opensOnActiveBoard = (pathname: string) => showsBoard(pathname) && !pathname.startsWith('/projects/');
