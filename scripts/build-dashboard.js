#!/usr/bin/env node
// Bundles the developer dashboard (dashboard/, Preact) into dist/dashboard: one minified
// script and one stylesheet under assets/ with content-hashed names, the icon likewise, and the
// index.html that loads them. Auth serves the lot at /dashboard (apps/auth/src/dashboard).
const esbuild = require('esbuild');
const { createHash } = require('node:crypto');
const { mkdirSync, readFileSync, writeFileSync } = require('node:fs');
const { basename, extname, join } = require('node:path');

const root = join(__dirname, '..');
const source = join(root, 'dashboard');
const out = join(root, 'dist', 'dashboard');
/** Where the page finds its assets: the Ingress routes /dashboard to auth, whatever the page's own path. */
const ASSETS_URL = '/dashboard/assets';

function buildDashboard() {
  const assets = join(out, 'assets');
  mkdirSync(assets, { recursive: true });
  const result = esbuild.buildSync({
    entryPoints: { app: join(source, 'main.tsx') },
    outdir: assets,
    entryNames: '[name]-[hash]',
    bundle: true,
    minify: true,
    format: 'iife',
    // the browsers of the last few years; no polyfill is bundled
    target: ['chrome100', 'firefox100', 'safari15', 'edge100'],
    jsx: 'automatic',
    jsxImportSource: 'preact',
    tsconfig: join(source, 'tsconfig.json'),
    legalComments: 'none',
    metafile: true,
    logLevel: 'warning',
  });
  const outputs = Object.keys(result.metafile.outputs).map((file) => basename(file));
  const script = outputs.find((file) => file.endsWith('.js'));
  const style = outputs.find((file) => file.endsWith('.css'));
  const iconSource = readFileSync(join(source, 'icon.svg'));
  const icon = `icon-${createHash('sha256').update(iconSource).digest('hex').slice(0, 8).toUpperCase()}${extname('icon.svg')}`;
  writeFileSync(join(assets, icon), iconSource);
  const html = readFileSync(join(source, 'index.html'), 'utf8')
    .replace('{{script}}', `${ASSETS_URL}/${script}`)
    .replace('{{style}}', `${ASSETS_URL}/${style}`)
    .replace('{{icon}}', `${ASSETS_URL}/${icon}`);
  if (/\{\{\w+\}\}/.test(html)) throw new Error('dashboard/index.html names an asset the build does not make');
  writeFileSync(join(out, 'index.html'), html);
}

module.exports = { buildDashboard };
if (require.main === module) buildDashboard();
