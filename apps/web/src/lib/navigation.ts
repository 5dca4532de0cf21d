// Lets code outside React (the session rule in the base query) navigate inside the single-page app.
// The router registers itself at start; until then a full page load does the same job.

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

type Navigate = (to: string, options?: NavigateOptions) => void;

let navigateImpl: Navigate = (to) => window.location.assign(to);

export function setNavigator(navigate: Navigate): void {
  navigateImpl = navigate;
}

export function navigateTo(to: string, options?: NavigateOptions): void {
  navigateImpl(to, options);
}
