/** Leaves the app for the authorization server, which redirects to the MCP client (a full page load). */
export function leaveForAuthorizationServer(url: string) {
  window.location.assign(url);
}
