import { defineConfig, mergeConfig } from "vitest/config";
import viteConfig from "./vite.config.ts";

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      include: ["src/**/*.test.{ts,tsx}", "scripts/**/*.test.ts", "content/**/*.test.ts"],
      environment: "node",
      setupFiles: ["./src/test-setup.ts"],
      // A hang guard, not a speed check: the property suites take seconds on a quiet machine and
      // about ten times that with both cores busy (npm run test:load), so the guard is generous.
      testTimeout: 300_000,
      hookTimeout: 300_000,
      pool: "threads",
    },
  }),
);
