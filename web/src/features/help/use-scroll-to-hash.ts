import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** Brings the section a deep link names (#wind) into view once the page has rendered. */
export function useScrollToHash(ready: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || !hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash, ready]);
}
