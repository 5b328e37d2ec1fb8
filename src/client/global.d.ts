/** CSS modules: class names by key (css-loader `namedExport: false`). */
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}

/** Markdown pages (the content site's docs), as text: webpack's asset/source. */
declare module '*.md' {
  const text: string;
  export default text;
}

/** Global stylesheets are imported for their side effect only. */
declare module '*.css';

/** Injected by webpack's DefinePlugin (webpack.config.js). */
declare const __BUILD_DATE__: string;
declare const __BUILD_HASH__: string;
