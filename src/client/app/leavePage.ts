/**
 * Leaves the app for another site (an identity provider, GitHub, Stripe, the OAuth authorization
 * server): a whole-page navigation. One module, so tests replace it and see where the page went.
 */
export function leavePage(url: string) {
  window.location.assign(url);
}
