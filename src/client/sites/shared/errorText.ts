/** The heading of every site's error screen (React Router's own wording, kept where no router runs). */
export const errorScreenTitle = 'Unexpected Application Error!';

/** The message of a thrown error. */
export function errorDetail(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : 'Unknown error';
}
