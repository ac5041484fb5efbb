/// <reference types="svelte" />
/// <reference types="vite/client" />
import type { OncallBridge } from '../../electron/shared/ipc-contract';

declare global {
  interface Window {
    /** Exposed by the preload (or the e2e test host); read only by lib/bridge.ts. */
    oncall?: OncallBridge;
  }
}

export {};
