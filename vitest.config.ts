import { defineConfig, mergeConfig } from "vitest/config";
import viteConfig from "./vite.config.ts";

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      include: ["src/**/*.test.{ts,tsx}", "scripts/**/*.test.ts", "content/**/*.test.ts"],
      environment: "node",
      setupFiles: ["./src/test-setup.ts"],
      testTimeout: 60_000,
      pool: "threads",
    },
  }),
);
