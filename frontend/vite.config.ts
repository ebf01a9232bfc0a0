/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The built dashboard goes straight into crony-web's build output; crony-web/pom.xml
// adds target/frontend as a resource root, so the jar serves it from classpath:/static.
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: '../crony-web/target/frontend/static',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
  },
  // `npm run dev` and `vite preview` forward the API to crony-web (CRONY_API_URL to point elsewhere).
  server: {
    proxy: {
      '/api': process.env.CRONY_API_URL ?? 'http://127.0.0.1:8080',
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // e2e/ holds the browser tests (node:test, scripts/test-e2e.sh), not unit tests
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // Two shared cores: a couple of workers is as fast as it gets and leaves room for others.
    maxWorkers: 2,
    // One jsdom per worker instead of per file: setting jsdom up costs more than the tests.
    // Tests share no state beyond localStorage and stubs, which setup.ts resets after each.
    isolate: false,
    // generous: the machine is shared, and the first antd render in a worker computes every style
    testTimeout: 60_000,
    // make test measures it (scripts/test-frontend.sh, TEST_FRONTEND_COVERAGE=1); make check does not
    coverage: {
      provider: 'v8',
      include: ['src/**/*.{ts,tsx}'],
      exclude: ['src/**/*.test.{ts,tsx}', 'src/test/**', 'src/**/*.d.ts'],
      reporter: ['text-summary', 'json-summary'],
    },
  },
});
