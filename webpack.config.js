// Builds the one client bundle: a small boot entry plus one lazily loaded chunk per site kind.
const path = require('node:path');
const { execSync } = require('node:child_process');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const CopyWebpackPlugin = require('copy-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const zlib = require('node:zlib');
const { InjectManifest } = require('workbox-webpack-plugin');

const COMPRESSIBLE = /\.(js|css|svg|json|webmanifest|txt)$/;

/** The commit being built, so a bug report can name it; BUILD_HASH wins (CI), then git. */
function buildHash() {
  if (process.env.BUILD_HASH) return process.env.BUILD_HASH;
  try {
    return execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return 'unknown';
  }
}

/** The JavaScript the boot entry and each named chunk group load, for `npm run size` to read from the build's output. */
const BUNDLE_GROUPS_FILE = 'bundle-groups.json';
class BundleGroupsPlugin {
  apply(compiler) {
    compiler.hooks.done.tapPromise('BundleGroupsPlugin', async (stats) => {
      const json = stats.toJson({ all: false, assets: true, chunkGroups: true, entrypoints: true });
      const jsOf = (group) => (group?.assets ?? []).map((asset) => asset.name).filter((name) => name.endsWith('.js'));
      const groups = Object.fromEntries(
        Object.entries(json.namedChunkGroups ?? {}).map(([name, group]) => [name, jsOf(group)]),
      );
      const file = path.join(compiler.outputPath, BUNDLE_GROUPS_FILE);
      await require('node:fs/promises').writeFile(
        file,
        JSON.stringify({ entry: jsOf(json.entrypoints?.main), groups }),
      );
    });
  }
}

/** The page the server sends for every client route is precached as `/`, the worker's offline app shell. */
const precacheShellAsRoot = async (entries) => ({
  manifest: entries.map((entry) => (entry.url === '/index.html' ? { ...entry, url: '/' } : entry)),
  warnings: [],
});

module.exports = (_env, argv) => {
  const mode = argv.mode ?? 'production';
  const isProduction = mode === 'production';
  // The service worker: production builds only (it would get in the way of the dev server), and it can
  // be turned off with SERVICE_WORKER=off — such a build also removes it from browsers that have it.
  const serviceWorker = isProduction && process.env.SERVICE_WORKER !== 'off';

  return {
    mode,
    entry: { main: './src/client/index.tsx' },
    output: {
      path: path.resolve(__dirname, 'dist'),
      filename: isProduction ? '[name].[contenthash].js' : '[name].js',
      chunkFilename: isProduction ? '[name].[contenthash].js' : '[name].js',
      assetModuleFilename: '[name].[contenthash][ext]',
      publicPath: '/',
      clean: true,
    },
    devtool: 'source-map',
    // Built modules and minified chunks are kept in node_modules/.cache/webpack: a build after a small
    // change (npm start after an edit, a second build with another BUILD_HASH) redoes only what changed.
    cache: { type: 'filesystem', buildDependencies: { config: [__filename] } },
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      // react-router 7 exports only its development build (warnings and checks); its production build ships beside it.
      alias: isProduction
        ? {
            'react-router$': path.resolve(__dirname, 'node_modules/react-router/dist/production/index.mjs'),
            'react-router/dom$': path.resolve(__dirname, 'node_modules/react-router/dist/production/dom-export.mjs'),
          }
        : {},
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          // Our modules do nothing on import, so a chunk leaves out what it reaches only through a
          // re-export it does not use (e.g. ui/index.ts) — and that module's stylesheet with it.
          sideEffects: false,
          use: {
            loader: 'ts-loader',
            // Type checking is `npm run typecheck`; tsconfig says noEmit for tsc, the loader must emit.
            options: { transpileOnly: true, compilerOptions: { noEmit: false } },
          },
        },
        // The content site's docs pages (docs/*.md) are bundled as text into their lazily loaded chunk.
        { test: /\.md$/, type: 'asset/source' },
        {
          test: /\.css$/,
          use: [
            MiniCssExtractPlugin.loader,
            {
              loader: 'css-loader',
              options: {
                // *.module.css are CSS modules read through a default import; other CSS is global.
                modules: {
                  auto: true,
                  namedExport: false,
                  exportLocalsConvention: 'as-is',
                  localIdentName: isProduction ? '[hash:base64:6]' : '[name]__[local]--[hash:base64:4]',
                },
              },
            },
          ],
        },
      ],
    },
    plugins: [
      new webpack.DefinePlugin({
        __BUILD_DATE__: JSON.stringify(new Date().toISOString()),
        __BUILD_HASH__: JSON.stringify(buildHash()),
        __SERVICE_WORKER__: JSON.stringify(serviceWorker),
      }),
      // Stylesheets are files, never <style> tags: the CSP allows styles from 'self' only.
      new MiniCssExtractPlugin({
        filename: isProduction ? '[name].[contenthash].css' : '[name].css',
        chunkFilename: isProduction ? '[name].[contenthash].css' : '[name].css',
      }),
      new HtmlWebpackPlugin({ template: 'static/index.html', scriptLoading: 'defer', inject: 'head' }),
      new CopyWebpackPlugin({
        patterns: [{ from: 'static', globOptions: { ignore: ['**/index.html'] } }],
      }),
      // The service worker (/sw.js): the hashed bundle and static files precached, source maps and the
      // precompressed copies left out.
      ...(serviceWorker
        ? [
            new InjectManifest({
              swSrc: './src/client/serviceWorker/sw.ts',
              swDest: 'sw.js',
              exclude: [/\.map$/, /\.(br|gz)$/, /\.LICENSE\.txt$/],
              manifestTransforms: [precacheShellAsRoot],
            }),
          ]
        : []),
      ...(isProduction ? [new BundleGroupsPlugin()] : []),
      // Precompressed beside each file (the server sends .br or .gz when the browser takes it);
      // index.html is not among them: the server adds the site settings to it per request.
      ...(isProduction
        ? [
            new CompressionPlugin({
              filename: '[path][base].gz',
              algorithm: 'gzip',
              test: COMPRESSIBLE,
              threshold: 1024,
            }),
            new CompressionPlugin({
              filename: '[path][base].br',
              algorithm: 'brotliCompress',
              test: COMPRESSIBLE,
              threshold: 1024,
              compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
            }),
          ]
        : []),
    ],
  };
};
