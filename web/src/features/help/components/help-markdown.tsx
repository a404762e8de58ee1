import { helpAnchor } from '@touchline/shared';
import type { ReactNode } from 'react';
import Markdown, { type Components } from 'react-markdown';
import { Link } from 'react-router-dom';
import remarkGfm from 'remark-gfm';

function text(children: ReactNode): string {
  if (typeof children === 'string' || typeof children === 'number') return String(children);
  if (Array.isArray(children)) return children.map(text).join('');
  if (children && typeof children === 'object' && 'props' in children) return text((children.props as { children?: ReactNode }).children);
  return '';
}

const components: Components = {
  // The page's own title is the screen's heading.
  h1: () => null,
  // Sections carry the anchors deep links point at (/help/guides/recording#wind).
  h2: ({ children }) => (
    <h2 id={helpAnchor(text(children))} className="scroll-mt-24">
      {children}
    </h2>
  ),
  a: ({ href = '', children }) =>
    href.startsWith('/') ? (
      <Link to={href}>{children}</Link>
    ) : (
      <a href={href} target="_blank" rel="noreferrer noopener">
        {children}
      </a>
    ),
  table: ({ children }) => (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-sm [&_td]:border-b [&_td]:border-slate-200 [&_td]:py-2 [&_td]:pr-4 [&_th]:border-b [&_th]:border-slate-300 [&_th]:py-2 [&_th]:pr-4 [&_th]:text-left">
        {children}
      </table>
    </div>
  ),
};

/** Help Markdown as React elements. Raw HTML in the source is not rendered (react-markdown's default). */
export function HelpMarkdown({ children }: { children: string }) {
  return (
    <Markdown remarkPlugins={[remarkGfm]} components={components}>
      {children}
    </Markdown>
  );
}
