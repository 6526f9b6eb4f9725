import { createContext as createReactContext, useContext } from 'react';
import { createContext } from 'react-router';

/**
 * The response's Content-Security-Policy nonce (decision 0020): the server makes one per request
 * (apps/api plugins/security-headers.ts) and hands it over in the load context; the renderer and
 * every inline `<script>` the page writes carry it. Empty in the browser, which hides nonces.
 */
export const cspNonceContext = createContext<string>('');

const NonceContext = createReactContext('');

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
