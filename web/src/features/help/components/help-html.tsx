import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { PROSE_CLASS } from '@/components/layout/prose';

/**
 * Help content rendered at build time (help-html.ts), as long-form text. A link within the app is followed by the
 * router, as a router link would be; a modified click (new tab, new window) is left to the browser.
 */
export function HelpHtml({ html }: { html: string }) {
  const navigate = useNavigate();
  const follow = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element).closest('a');
    const href = link?.getAttribute('href');
    if (!link || !href?.startsWith('/') || link.target) return;
    event.preventDefault();
    void navigate(href);
  };
  // The HTML is the repository's own help files, rendered by react-markdown (raw HTML in them is escaped).
  return <div className={PROSE_CLASS} onClick={follow} dangerouslySetInnerHTML={{ __html: html }} />;
}
