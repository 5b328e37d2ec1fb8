/** size-limit's file plugin ships no types; it is an array of size-limit plugins. */
declare module '@size-limit/file' {
  const plugin: object[];
  export default plugin;
}
