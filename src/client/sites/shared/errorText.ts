/** The heading of every site's error screen (React Router's own wording, kept where no router runs). */
export const errorScreenTitle = 'Unexpected Application Error!';

/** What a path no page answers to says, as React Router words its 404. */
export const notFoundDetail = '404 Not Found';

/** The message of a thrown error. */
export function errorDetail(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : 'Unknown error';
}
