import { type RefCallback, useCallback, useEffect, useState } from 'react';

/**
 * Whether an element is wider inside than its box (it scrolls sideways), kept current as either size
 * changes. Such a region takes the focus, so that a keyboard can scroll it (WCAG 2.1.1).
 */
export function useScrollsSideways<T extends HTMLElement>(): [RefCallback<T>, boolean] {
  const [element, setElement] = useState<T | null>(null);
  const [scrolls, setScrolls] = useState(false);
  const ref = useCallback((node: T | null) => setElement(node), []);
  useEffect(() => {
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    // The observer reports every observed element once, after the browser's own layout: measuring here
    // as well would force a layout of the whole region before the first paint.
    for (const child of element.children) observer.observe(child);
    return () => observer.disconnect();
  }, [element]);
  return [ref, scrolls];
}
