import { isRouteErrorResponse } from 'react-router-dom';

export const routeErrorTitle = 'Unexpected Application Error!';

/** "404 Not Found" for a route error response, the message for a thrown error. */
export function routeErrorDetail(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : 'Unknown error';
}
