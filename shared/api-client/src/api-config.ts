import type { SignerConfig } from '@yaoshi/envelope/sign';

/**
 * Set once by the shell at bootstrap: signing identity, API base address and how to leave
 * for the home page. Remotes never configure it; they use the shell's configuration
 * because this package is a shared singleton.
 */
export interface ApiClientConfig extends SignerConfig {
  /** '' for same origin (the shell's server or dev proxy answers `/v1`). */
  baseUrl: string;
  /** Client-side navigation, given by the shell's router. */
  navigate: (path: string) => void;
}

let current: ApiClientConfig | undefined;

export function configureApiClient(config: ApiClientConfig): void {
  current = { ...config, baseUrl: config.baseUrl.replace(/\/+$/, '') };
}

export function apiClientConfig(): ApiClientConfig {
  if (!current) throw new Error('@yaoshi/api-client used before the shell called configureApiClient()');
  return current;
}
