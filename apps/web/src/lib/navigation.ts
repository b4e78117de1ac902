export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

type Navigator = (to: string, options?: NavigateOptions) => void;

// Code outside React (the api client, timers) navigates through this; the router registers itself.
let navigator: Navigator = (to) => window.location.assign(to);

export function registerNavigator(fn: Navigator): void {
  navigator = fn;
}

export function navigateTo(to: string, options?: NavigateOptions): void {
  navigator(to, options);
}

export function currentPath(): string {
  return window.location.pathname;
}
