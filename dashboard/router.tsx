import type { AnchorHTMLAttributes, TargetedMouseEvent } from 'preact';
import { useEffect, useState } from 'preact/hooks';

/** Where auth serves the page; every page path is under it. */
export const BASE = '/dashboard';

const listeners = new Set<() => void>();

/** The page's path without a trailing slash (`/dashboard/`, as `/dashboard`). */
export function currentPath(): string {
  const path = location.pathname.replace(/\/+$/, '');
  return path || '/';
}

/** Goes to another page of the dashboard without loading it again. */
export function navigate(to: string, options: { replace?: boolean } = {}): void {
  history[options.replace ? 'replaceState' : 'pushState'](null, '', to);
  for (const listener of listeners) listener();
}

export function usePath(): string {
  const [path, setPath] = useState(currentPath);
  useEffect(() => {
    const changed = () => setPath(currentPath());
    listeners.add(changed);
    addEventListener('popstate', changed);
    return () => {
      listeners.delete(changed);
      removeEventListener('popstate', changed);
    };
  }, []);
  return path;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a parameter of the address bar is an id the API could have given (a UUID): anything else is no page. */
export function isId(value: string): boolean {
  return UUID.test(value);
}

/** The parameters of `path` when it matches `pattern` (`/dashboard/orgs/:id/keys`), else null (a segment that does not decode too). */
export function match(pattern: string, path: string): Record<string, string> | null {
  const wanted = pattern.split('/');
  const given = path.split('/');
  if (wanted.length !== given.length) return null;
  const params: Record<string, string> = {};
  for (let index = 0; index < wanted.length; index++) {
    if (wanted[index].startsWith(':')) {
      try {
        params[wanted[index].slice(1)] = decodeURIComponent(given[index]);
      } catch {
        return null;
      }
    } else if (wanted[index] !== given[index]) return null;
  }
  return params;
}

/** A link to a page of the dashboard: a real link (new tab, copy), followed in place on a plain click. */
export function Link(props: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const follow = (event: TargetedMouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(props.href);
  };
  return <a {...props} onClick={follow} />;
}

/** The token of an emailed link (`…#token=<token>`), taken out of the address bar so that it stays out of the history. */
export function takeLinkToken(): string | null {
  const token = new URLSearchParams(location.hash.slice(1)).get('token');
  if (location.hash) history.replaceState(history.state, '', location.pathname + location.search);
  return token;
}
