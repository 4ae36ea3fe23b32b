import { useEffect, useLayoutEffect } from 'react';

const set = (title: string | undefined) => {
  document.title = title ? `${title} · Faro` : 'Faro';
};

/** Every page sets the window title: "{title} · Faro". */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => set(title), [title]);
}

/**
 * The route's title, set before any page effect runs (layout effects come first), so a page's own, more precise
 * title ("Centro: Central") always wins over the route's ("Centros").
 */
export function useRouteTitle(title: string | undefined): void {
  useLayoutEffect(() => set(title), [title]);
}
