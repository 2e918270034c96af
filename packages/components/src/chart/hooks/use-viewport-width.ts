import { useEffect, useState } from 'react';

function readWidth(): number | undefined {
  return typeof window === 'undefined' ? undefined : window.innerWidth;
}

/** The window's inner width, updated on resize; undefined outside a browser. */
export function useViewportWidth(): number | undefined {
  const [width, setWidth] = useState(readWidth);
  useEffect(() => {
    if (typeof window === 'undefined') return;
    const onResize = () => setWidth(readWidth());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return width;
}
