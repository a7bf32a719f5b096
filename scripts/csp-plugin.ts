// Adds a Content Security Policy to the built page. No inline script is allowed anywhere; styles
// may be inline because Mermaid and D3 set style attributes. Dev mode is left alone because
// Vite's React refresh preamble is an inline script.
import type { Plugin } from "vite";

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "worker-src 'self' blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join("; ");

export function cspPlugin(): Plugin {
  return {
    name: "election-lab:csp",
    apply: "build",
    transformIndexHtml() {
      return [
        {
          tag: "meta",
          attrs: { "http-equiv": "Content-Security-Policy", content: CONTENT_SECURITY_POLICY },
          injectTo: "head-prepend",
        },
      ];
    },
  };
}
