/** Loads the board's drag and drop once per page; later boards get it at once. */
export type BoardDndModule = typeof import('./boardDnd');

let loaded: BoardDndModule | null = null;
let loading: Promise<BoardDndModule> | null = null;

export const loadedBoardDnd = () => loaded;

export function loadBoardDnd(): Promise<BoardDndModule> {
  loading ??= import(/* webpackChunkName: "board-dnd" */ './boardDnd').then((module) => (loaded = module));
  return loading;
}
