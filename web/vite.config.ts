import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { helpAnchor, helpSections, parseHelpDocument } from '@touchline/shared';

const src = fileURLToPath(new URL('./src', import.meta.url));
const shared = fileURLToPath(new URL('../shared/src/index.ts', import.meta.url));

// Build settings the SPA reads (see src/config/env.ts). Defaults keep `npm start` working with nothing set.
process.env.VITE_SUPPORT_EMAIL ??= 'support@example.com';

function text(children: ReactNode): string {
  if (typeof children === 'string' || typeof children === 'number') return String(children);
  if (Array.isArray(children)) return children.map(text).join('');
  if (children && typeof children === 'object' && 'props' in children) return text((children.props as { children?: ReactNode }).children);
  return '';
}

/**
 * The help pages' Markdown (shared/help) as HTML, rendered at build time with react-markdown and the same elements
 * as src/features/help/components/help-markdown.tsx (help-html.spec.tsx checks that both give the same page), so
 * the guides and the FAQ ship no Markdown library: only the assistant's answers, written at run time, need it.
 * `file.md?help-html` is the body's HTML; `file.md?help-html-sections` maps each `## ` section's anchor to its HTML.
 */
function helpHtml(): Plugin {
  const components: Components = {
    h1: () => null,
    h2: ({ children }) => createElement('h2', { id: helpAnchor(text(children)), className: 'scroll-mt-24' }, children),
    // Links within the app are followed by the router (HelpHtml); others open in a new tab.
    a: ({ href = '', children }) =>
      href.startsWith('/') ? createElement('a', { href }, children) : createElement('a', { href, target: '_blank', rel: 'noreferrer noopener' }, children),
    table: ({ children }) =>
      createElement(
        'div',
        { className: 'overflow-x-auto' },
        createElement(
          'table',
          {
            className:
              'w-full border-collapse text-sm [&_td]:border-b [&_td]:border-slate-200 [&_td]:py-2 [&_td]:pr-4 [&_th]:border-b [&_th]:border-slate-300 [&_th]:py-2 [&_th]:pr-4 [&_th]:text-left',
          },
          children,
        ),
      ),
  };
  const html = (markdown: string) => renderToStaticMarkup(createElement(Markdown, { remarkPlugins: [remarkGfm], components }, markdown));
  return {
    name: 'touchline-help-html',
    enforce: 'pre',
    load(id) {
      const match = /^(.*\.md)\?help-html(-sections)?$/.exec(id);
      if (!match) return null;
      this.addWatchFile(match[1]!);
      const { body } = parseHelpDocument(readFileSync(match[1]!, 'utf8'));
      const value = match[2] ? Object.fromEntries(helpSections(body).map((section) => [section.anchor, html(section.markdown)])) : html(body);
      return `export default ${JSON.stringify(value)};`;
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), helpHtml()],
  resolve: {
    alias: { '@': src, '@touchline/shared': shared },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // Names each page's chunks, for the first-load size budget (web/src/first-load-budget.spec.ts, npm run bench:web).
    manifest: true,
    // Every browser the app supports preloads modules natively; the polyfill would only add to the first load.
    modulePreload: { polyfill: false },
    rollupOptions: {
      // The app, and the page the embedded provider's silent sign-in loads in an iframe.
      input: { main: 'index.html', 'silent-renew': 'silent-renew.html' },
    },
  },
  server: {
    host: '127.0.0.1',
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.spec.{ts,tsx}'],
    css: false,
    // Above Testing Library's 5 s wait (vitest.setup.ts), so a slow machine fails on what a test waits for,
    // with its message, rather than on the test's own clock.
    testTimeout: 15_000,
  },
});
